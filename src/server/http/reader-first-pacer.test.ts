import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readerFirstPacer } from './reader-first-pacer.ts'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** When (fake ms from now) each of `calls` paced starts, asked for all at once, is let go. */
async function startTimes(pace: () => Promise<void>, calls: number): Promise<number[]> {
  const from = performance.now()
  const times: number[] = []
  const all = Array.from({ length: calls }, () => pace().then(() => times.push(performance.now() - from)))
  await vi.runAllTimersAsync()
  await Promise.all(all)
  return times.sort((a, b) => a - b)
}

describe('the reader-first pacer', () => {
  it('holds the work to its busy rate while readers arrive fast, and lets it go as soon as they stop', async () => {
    let requests = 0
    const pace = readerFirstPacer(() => requests, 4)

    // Quiet: nothing waits for a timer.
    await vi.advanceTimersByTimeAsync(300)
    expect(await startTimes(pace, 4)).toEqual([0, 0, 0, 0])

    // 40 readers a second (over the 20 that make the server busy): 4 starts a second, 250 ms apart.
    requests += 12
    await vi.advanceTimersByTimeAsync(300)
    expect(await startTimes(pace, 4)).toEqual([0, 250, 500, 750])

    // The readers stop: the next sample finds the server quiet and the work goes at once again.
    await vi.advanceTimersByTimeAsync(300)
    expect(await startTimes(pace, 4)).toEqual([0, 0, 0, 0])
  })

  it('counts a trickle of readers (up to 20 a second) as quiet', async () => {
    let requests = 0
    const pace = readerFirstPacer(() => requests, 4)
    requests += 5
    await vi.advanceTimersByTimeAsync(300)
    expect(await startTimes(pace, 3)).toEqual([0, 0, 0])
  })
})
