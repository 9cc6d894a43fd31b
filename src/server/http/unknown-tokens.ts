/**
 * Session tokens recently found to name no session, so a bogus `sid` cookie costs one database lookup per
 * `ttlMs` instead of one per request. Bounded: past `max` entries the oldest is forgotten, so a flood of random
 * tokens cannot grow it. Holds hashes only. A real login is never affected: its token is new, so never listed.
 */
export function unknownTokens({ ttlMs, max }: { ttlMs: number; max: number }) {
  const until = new Map<string, number>()
  return {
    has(hash: string, nowMs: number): boolean {
      const expiry = until.get(hash)
      if (expiry === undefined) return false
      if (expiry > nowMs) return true
      until.delete(hash)
      return false
    },
    add(hash: string, nowMs: number): void {
      until.delete(hash) // re-inserted at the end: Map keeps insertion order, oldest first
      until.set(hash, nowMs + ttlMs)
      while (until.size > max) until.delete(until.keys().next().value!)
    },
    get size() {
      return until.size
    },
  }
}

export type UnknownTokens = ReturnType<typeof unknownTokens>
