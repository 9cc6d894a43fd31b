/** Readers per second above which the server counts as busy. */
export const BUSY_REQUESTS_PER_SECOND = 20
/** Messages a second the worker starts while the server is busy with readers. */
export const BUSY_SEND_RATE = 20
const SAMPLE_MS = 250

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Readers first: sending shares the process (and its event loop) with the pages. While the server answers more than
 * 20 requests a second, the worker starts at most 20 messages a second; otherwise it only lets pending I/O run
 * between messages, and MAIL_RATE (the pool's limit) is the only bound. `requestsSoFar` counts every request the
 * HTTP server received, cached answers included.
 */
export function readerFirstPacer(requestsSoFar: () => number): () => Promise<void> {
  let sampledAt = performance.now()
  let sampledCount = requestsSoFar()
  let busy = false
  let nextStart = 0
  return async () => {
    const now = performance.now()
    if (now - sampledAt >= SAMPLE_MS) {
      const count = requestsSoFar()
      busy = ((count - sampledCount) * 1000) / (now - sampledAt) > BUSY_REQUESTS_PER_SECOND
      sampledAt = now
      sampledCount = count
    }
    if (!busy) return new Promise<void>((resolve) => setImmediate(resolve))
    nextStart = Math.max(now, nextStart) + 1000 / BUSY_SEND_RATE
    const wait = nextStart - now - 1000 / BUSY_SEND_RATE
    if (wait > 0) await sleep(wait)
  }
}
