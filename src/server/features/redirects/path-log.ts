import type { FastifyBaseLogger } from 'fastify'
import { requestPathKeys } from '#shared/text/site-path.ts'
import type { Db } from '../../db/client.ts'
import * as log from './not-found-log.repo.ts'
import { addHits } from './redirects.repo.ts'

/** Distinct missing paths counted between two writes; past it, new paths wait for the next window. */
export const MAX_PATHS_PER_FLUSH = 200
/** Rows the 404 log keeps: the most-hit paths, so one-hit paths from bots are the first to go. */
export const NOT_FOUND_LOG_ROWS = 500
export const PATH_LOG_FLUSH_MS = 15_000
const MAX_REFERRER = 300

type Miss = { hits: number; referrer: string | null; lastSeen: string }

function cleanReferrer(value: string | undefined): string | null {
  if (!value || !/^https?:\/\//i.test(value)) return null
  return value.slice(0, MAX_REFERRER)
}

/**
 * Counts 404s and redirect hits in memory and writes them in batches, so a bot hammering random paths costs a
 * map entry, not a database write, per request; the table is pruned to a fixed size after each batch.
 */
export function createPathLog(db: Db, logger: FastifyBaseLogger) {
  let misses = new Map<string, Miss>()
  let hits = new Map<string, number>()
  let flushing: Promise<void> = Promise.resolve()

  const write = async () => {
    const batch = misses
    const redirected = hits
    misses = new Map()
    hits = new Map()
    for (const [path, miss] of batch) {
      await log.addNotFound(db, { path, hits: miss.hits, referrer: miss.referrer, last_seen_at: miss.lastSeen })
    }
    if (batch.size) await log.pruneNotFound(db, NOT_FOUND_LOG_ROWS)
    for (const [url, n] of redirected) {
      const [exact, bare] = requestPathKeys(url)
      if (exact && !(await addHits(db, exact, n)) && bare && bare !== exact) await addHits(db, bare, n)
    }
  }

  return {
    notFound(url: string, referrer: string | undefined, now: Date) {
      const path = requestPathKeys(url)[0]
      if (!path) return
      const seen = misses.get(path)
      if (seen) {
        seen.hits++
        seen.lastSeen = now.toISOString()
        seen.referrer = cleanReferrer(referrer) ?? seen.referrer
      } else if (misses.size < MAX_PATHS_PER_FLUSH) {
        misses.set(path, { hits: 1, referrer: cleanReferrer(referrer), lastSeen: now.toISOString() })
      }
    },
    redirected(url: string) {
      if (hits.has(url) || hits.size < MAX_PATHS_PER_FLUSH) hits.set(url, (hits.get(url) ?? 0) + 1)
    },
    flush(): Promise<void> {
      const run = () => write().catch((err) => logger.error({ err }, '404 log not written'))
      flushing = flushing.then(run, run)
      return flushing
    },
  }
}
