export const BARE_BODY_BYTES: number
export function startBareServer(port: number): Promise<{ base: string; pid: number; stop: () => Promise<void> }>
