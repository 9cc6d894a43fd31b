export function startProductionServer(opts: {
  port: number
  env?: Record<string, string>
}): Promise<{ base: string; pid: number; stop: () => void }>
