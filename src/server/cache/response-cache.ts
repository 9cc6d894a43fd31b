import { createHash } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { bumpContentVersion, readContentVersion } from './content-version.repo.ts'
import { compress, type Encoding } from './encoding.ts'

export type CachedResponse = {
  key: string
  status: number
  headers: Record<string, string>
  etag: string
  raw: Buffer
  /** Compressed copies, made the first time a client asks for each encoding. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
  version: number
  storedAt: number
  /** Bytes held: the body and every compressed copy made so far. */
  size: number
}

const MAX_ENTRIES = 2000
/** Counted exactly (bodies and their compressed copies), so the cache's share of the process's memory is known. */
export const MAX_BYTES = 32 * 1024 * 1024
/** How stale another instance's change may be before this one notices it. */
export const VERSION_CHECK_MS = 1000
/**
 * How long an entry lives. Content changes drop entries at once; this only bounds how far counts that never
 * invalidate (views, likes) may lag on cached pages.
 */
export const ENTRY_TTL_MS = 60_000

/**
 * A page is stored on its second read within ten minutes, not its first. Pages read once (a crawler walking every
 * post, a search nobody repeats) then never push the pages readers keep coming back to out of the cache, and never
 * leave their bodies behind as garbage for the collector: `npm run bench:scale` at 20,000 posts peaks at ~220 MB
 * with this and ~280 MB without (ADR 110). Keys are at most 256 characters (cache-plugin.ts), so the keys remembered
 * cost at most ~5 MB.
 */
export const ADMIT_WITHIN_MS = 10 * 60_000
const MAX_REMEMBERED = 20_000

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

/**
 * Anonymous public answers (SSR HTML, public JSON, feeds) kept in memory. The whole cache is dropped whenever the
 * content version in the database moves: bumped locally at once, read from the database at most once a second so
 * a change made on another instance shows here within a second.
 */
export function createResponseCache(db: Db, now: () => number) {
  const entries = new Map<string, CachedResponse>()
  /** When each key was last rendered, oldest first: its second render within ADMIT_WITHIN_MS is stored. */
  const lastRendered = new Map<string, number>()
  let bytes = 0
  let version = -1
  let checkedAt = -Infinity
  let versionKnown = true
  let pending: Promise<void> | null = null

  const drop = (entry: CachedResponse) => {
    entries.delete(entry.key)
    bytes -= entry.size
  }
  const evictOverflow = () => {
    for (const old of entries.values()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break
      drop(old)
    }
  }
  const adopt = (next: number) => {
    if (next !== version) {
      version = next
      entries.clear()
      bytes = 0
    }
  }

  const admits = (key: string): boolean => {
    const at = now()
    const previous = lastRendered.get(key)
    lastRendered.delete(key) // re-insert: Map order is oldest first
    lastRendered.set(key, at)
    if (lastRendered.size > MAX_REMEMBERED) lastRendered.delete(lastRendered.keys().next().value!)
    return previous !== undefined && at - previous < ADMIT_WITHIN_MS
  }

  return {
    /**
     * Awaited by each cacheable request; costs a query only when the last check is over a second old. Never throws:
     * when the database cannot be read, entries are kept past their lifetime until it can.
     */
    async sync(): Promise<number> {
      if (now() - checkedAt >= VERSION_CHECK_MS && !pending) {
        pending = readContentVersion(db)
          .then(
            (v) => {
              versionKnown = true
              adopt(v)
            },
            () => {
              // The database is unreachable: keep answering from what is cached (stale) until it is back.
              versionKnown = false
            },
          )
          .finally(() => {
            checkedAt = now()
            pending = null
          })
      }
      if (pending) await pending
      return version
    },

    get(key: string): CachedResponse | undefined {
      const hit = entries.get(key)
      if (!hit) return undefined
      if (hit.version !== version || (versionKnown && now() - hit.storedAt >= ENTRY_TTL_MS)) {
        drop(hit)
        return undefined
      }
      entries.delete(key) // re-insert: Map order is our LRU order
      entries.set(key, hit)
      return hit
    },

    /**
     * Stores what was rendered at `seenVersion`, unless content changed meanwhile or this is the key's first render
     * in a while (see ADMIT_WITHIN_MS). Nothing is compressed yet.
     */
    set(
      key: string,
      response: { status: number; headers: Record<string, string>; body: Buffer },
      seenVersion: number,
    ): CachedResponse | undefined {
      if (!admits(key) || seenVersion !== version) return undefined
      const entry: CachedResponse = {
        key,
        status: response.status,
        headers: response.headers,
        etag: etagOf(response.body),
        raw: response.body,
        encoded: {},
        version,
        storedAt: now(),
        size: response.body.length,
      }
      const previous = entries.get(key)
      if (previous) drop(previous)
      entries.set(key, entry)
      bytes += entry.size
      evictOverflow()
      return entry
    },

    /** The entry's body in `encoding`, compressed the first time it is asked for (see compress()). */
    encoded(entry: CachedResponse, encoding: Encoding): Promise<Buffer> {
      const made = entry.encoded[encoding]
      if (made) return made
      const packing = compress(entry.raw, encoding)
      entry.encoded[encoding] = packing
      packing.then(
        (packed) => {
          entry.size += packed.length
          if (entries.get(entry.key) !== entry) return // dropped meanwhile: its bytes are no longer counted
          bytes += packed.length
          evictOverflow()
        },
        () => {}, // the caller sees the failure
      )
      return packing
    },

    /** Public content changed here: drop this instance's cache now and tell the others through the database. */
    async invalidate(): Promise<void> {
      adopt(await bumpContentVersion(db))
      checkedAt = now()
    },

    size: () => entries.size,
    bytes: () => bytes,
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
