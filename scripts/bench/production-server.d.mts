export function startProductionServer(opts: {
  port: number
  env?: Record<string, string>
  dataDir?: string
}): Promise<{ base: string; pid: number; stop: () => void; exited: Promise<number | null> }>
