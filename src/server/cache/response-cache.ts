import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { Db } from '../db/client.ts'
import { bumpContentVersion, readContentVersion } from './content-version.repo.ts'

export type CachedResponse = {
  status: number
  headers: Record<string, string>
  etag: string
  raw: Buffer
  gzip: Buffer
  br: Buffer
  version: number
}

const MAX_ENTRIES = 1000
const MAX_BYTES = 64 * 1024 * 1024
/** How stale another instance's change may be before this one notices it. */
export const VERSION_CHECK_MS = 1000

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

/**
 * Anonymous public answers (SSR HTML, public JSON, feeds) kept in memory, precompressed once. The whole cache is
 * dropped whenever the content version in the database moves: bumped locally at once, read from the database at
 * most once a second so a change made on another instance shows here within a second.
 */
export function createResponseCache(db: Db, now: () => number) {
  const entries = new Map<string, CachedResponse>()
  let bytes = 0
  let version = -1
  let checkedAt = -Infinity
  let pending: Promise<void> | null = null

  const clear = () => {
    entries.clear()
    bytes = 0
  }
  const adopt = (next: number) => {
    if (next !== version) {
      version = next
      clear()
    }
  }

  return {
    /** Awaited by each cacheable request; costs a query only when the last check is over a second old. */
    async sync(): Promise<number> {
      if (now() - checkedAt >= VERSION_CHECK_MS && !pending) {
        pending = readContentVersion(db)
          .then((v) => {
            checkedAt = now()
            adopt(v)
          })
          .finally(() => {
            pending = null
          })
      }
      if (pending) await pending
      return version
    },

    get(key: string): CachedResponse | undefined {
      const hit = entries.get(key)
      if (!hit || hit.version !== version) return undefined
      entries.delete(key) // re-insert: Map order is our LRU order
      entries.set(key, hit)
      return hit
    },

    /** Stores what was rendered at `seenVersion`, unless content changed meanwhile. */
    set(key: string, response: { status: number; headers: Record<string, string>; body: Buffer }, seenVersion: number): CachedResponse | undefined {
      if (seenVersion !== version) return undefined
      const entry: CachedResponse = {
        status: response.status,
        headers: response.headers,
        etag: etagOf(response.body),
        raw: response.body,
        gzip: gzipSync(response.body, { level: 6 }),
        br: brotliCompressSync(response.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
        version,
      }
      const previous = entries.get(key)
      if (previous) bytes -= previous.raw.length + previous.gzip.length + previous.br.length
      entries.set(key, entry)
      bytes += entry.raw.length + entry.gzip.length + entry.br.length
      for (const [oldKey, old] of entries) {
        if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break
        entries.delete(oldKey)
        bytes -= old.raw.length + old.gzip.length + old.br.length
      }
      return entry
    },

    /** Public content changed here: drop this instance's cache now and tell the others through the database. */
    async invalidate(): Promise<void> {
      adopt(await bumpContentVersion(db))
      checkedAt = now()
    },

    size: () => entries.size,
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
