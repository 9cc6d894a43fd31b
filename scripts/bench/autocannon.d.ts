// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string
    connections?: number
    amount?: number
    duration?: number
    method?: string
    headers?: Record<string, string>
    requests?: Array<{ setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }>
  }
  type Histogram = { average: number; total: number; p50: number; p99: number }
  type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number }
  type Run = Promise<Result> & { on(event: 'response', listener: () => void): void }
  export default function autocannon(options: Options): Run
}
