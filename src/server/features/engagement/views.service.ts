import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/client.ts'
import { databaseTrouble } from '../../db/db-trouble.ts'
import type { CountedReader } from '../../http/counted-reader.ts'
import { assertPostVisible, type Viewer } from '../posts/posts.service.ts'
import { giveBack, take } from '../rate-limit/rate-limit.service.ts'
import * as repo from './views.repo.ts'

export const VIEW_DEDUPE_MS = 30 * 60 * 1000
export const FLUSH_EVERY_MS = 2000
const PRUNE_EVERY_MS = 10 * 60 * 1000

/** Start of the date's 10-minute slot (`YYYY-MM-DDTHH:M0`), the key of the recent series behind the spike flag. */
export const tenMinuteSlot = (date: Date) => `${date.toISOString().slice(0, 15)}0`

export type ViewCounter = {
  /**
   * POST …/view: counts at most once per reader per post per 30 minutes (a reader: its signed cookie, or without
   * one the hash of network and user agent), at most `perNetwork` readers of one network per post per 30 minutes,
   * never for an admin.
   */
  record: (postId: string, viewer: Viewer, reader: CountedReader) => Promise<boolean>
  /** Writes buffered counts to the database. */
  flush: () => Promise<void>
  /** Views counted but not yet written. */
  pending: () => number
  /** Empties the buffer and returns what it held (at shutdown, for what the database did not take). */
  takeUnwritten: () => UnwrittenViews[]
}

export type UnwrittenViews = { postId: string; slot: string; count: number }

/**
 * Dedupe marks live in the database (shared by every instance); only the increments are buffered here,
 * keyed by post and 10-minute slot, and written at least every FLUSH_EVERY_MS and on close.
 */
export function createViewCounter(db: Db, clock: Clock, log: FastifyBaseLogger, perNetwork: number): ViewCounter {
  let buffer = new Map<string, number>() // `${postId} ${slot}` -> views
  let lastPrune = 0
  let flushing: Promise<void> = Promise.resolve()
  const add = (key: string, count: number) => buffer.set(key, (buffer.get(key) ?? 0) + count)
  const pendingCount = () => [...buffer.values()].reduce((a, b) => a + b, 0)

  async function writeOut(batch: Map<string, number>): Promise<void> {
    let unreachable = false
    for (const [key, count] of batch) {
      // With the database gone, the rest are kept without trying (each try could wait for a connection).
      if (unreachable) {
        add(key, count)
        continue
      }
      const [postId = '', slot = ''] = key.split(' ')
      try {
        await repo.addViews(db, postId, slot, count)
      } catch (err) {
        unreachable = databaseTrouble(err) === 'unreachable'
        add(key, count)
        if (!unreachable) log.error({ err, postId, slot, count }, 'view counts not written; kept for the next flush')
      }
    }
    if (unreachable)
      log.error(
        { pending: pendingCount() },
        'view counts not written: the database is unreachable; kept for the next flush',
      )
    const now = clock()
    if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now.getTime()
      await repo
        .pruneViewMarks(db, new Date(now.getTime() - VIEW_DEDUPE_MS))
        .catch((err) => log.error({ err }, 'pruning view marks failed'))
    }
  }

  return {
    async record(postId, viewer, reader) {
      await assertPostVisible(db, postId, viewer)
      if (viewer.isAdmin) return false
      const issued = reader.visitorId ? null : reader.issue()
      const now = clock()
      const since = new Date(now.getTime() - VIEW_DEDUPE_MS)
      // The cap is taken before any mark is written, so a flood past it stores nothing more. Only views that count
      // keep their hit: a repeat, or a burst of them, uses none of the network's budget.
      const cap = `view:${postId}:${reader.network}`
      const taken = await take(db, cap, { limit: perNetwork, windowMs: VIEW_DEDUPE_MS }, now)
      const counts =
        taken.allowed && (await repo.markView(db, postId, reader.visitorId ?? `anon:${reader.anonymous}`, now, since))
      if (!counts) {
        await giveBack(db, [cap])
        return false
      }
      // The new cookie is marked too, so the same reader coming back with it is not counted again.
      if (issued) await repo.markView(db, postId, issued, now, since)
      const key = `${postId} ${tenMinuteSlot(now)}`
      buffer.set(key, (buffer.get(key) ?? 0) + 1)
      return true
    },
    flush() {
      // Flushes run one after another, each taking what was buffered when it started.
      const run = () => {
        if (buffer.size === 0) return
        const batch = buffer
        buffer = new Map()
        return writeOut(batch)
      }
      // A failed flush must not stop the ones after it.
      flushing = flushing.then(run, run)
      return flushing
    },
    pending: pendingCount,
    takeUnwritten() {
      const taken = [...buffer].map(([key, count]) => {
        const [postId = '', slot = ''] = key.split(' ')
        return { postId, slot, count }
      })
      buffer = new Map()
      return taken
    },
  }
}

/** Housekeeping's part of this feature. */
export { pruneRecentViews } from './views.repo.ts'
