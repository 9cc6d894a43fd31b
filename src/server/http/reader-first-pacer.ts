/** Readers per second above which the server counts as busy. */
export const BUSY_REQUESTS_PER_SECOND = 20
const SAMPLE_MS = 250

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Readers first, for background work that shares the process (and its event loop) with the pages: the newsletter
 * worker and the fediverse queue call it before each message. While the server answers more than 20 requests a
 * second, it lets at most `busyStartsPerSecond` messages start a second (all callers together); otherwise it only
 * lets pending I/O run between messages. `requestsSoFar` counts the requests the HTTP server received that stand
 * for readers, cached answers included.
 */
export function readerFirstPacer(requestsSoFar: () => number, busyStartsPerSecond: number): () => Promise<void> {
  const spacingMs = 1000 / busyStartsPerSecond
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
    nextStart = Math.max(now, nextStart) + spacingMs
    const wait = nextStart - now - spacingMs
    if (wait > 0) await sleep(wait)
  }
}
