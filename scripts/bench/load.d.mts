export type Load = { rps: number; p50: number; p99: number; errors: number }
export const BROWSER_HEADERS: Record<string, string>
export function loadFor(
  base: string,
  opts: Record<string, unknown>,
  connections: number,
  duration: number,
): Promise<Load>
export function loadEach(base: string, urls: string[], connections: number, method?: string): Promise<Load>
export function fractionOf(rps: number, ceiling: number): string
export function peakRssMbOf(pid: number): number
export function cpuMsOf(pid: number): number
