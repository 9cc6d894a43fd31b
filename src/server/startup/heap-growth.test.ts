import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

// A workload shaped like a busy server's: a steady live set, and objects that outlive a young collection (requests in
// flight) before they die, so the old space fills with garbage between full collections. The child prints the
// largest heap V8 committed.
const WORKLOAD = `
  globalThis.live = Array.from({ length: 200_000 }, (_, i) => ({ i, s: 'x' + i }))
  let inFlight = []
  let peak = 0
  for (let round = 0; round < 400; round++) {
    inFlight.push(Array.from({ length: 20_000 }, (_, i) => ({ round, i, s: 'y' + i })))
    if (inFlight.length > 8) inFlight.shift()
    if (round % 10 === 0) peak = Math.max(peak, process.memoryUsage().heapTotal)
  }
  process.stdout.write(String(Math.round(peak / 1048576)))
`

function peakHeapMb(limited: boolean): number {
  const prelude = limited
    ? `await (await import(${JSON.stringify(new URL('./heap-growth.ts', import.meta.url).pathname)})).limitHeapGrowth();`
    : ''
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', `${prelude}${WORKLOAD}`],
    { encoding: 'utf8' },
  )
  return Number(out)
}

describe('limitHeapGrowth', () => {
  it('keeps the heap much closer to its live size than V8 does on its own', () => {
    const unlimited = peakHeapMb(false)
    const limited = peakHeapMb(true)
    expect(limited).toBeLessThan(unlimited * 0.8)
  }, 60_000)
})
