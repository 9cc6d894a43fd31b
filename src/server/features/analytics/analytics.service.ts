import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/client.ts'
import type { AnalyticsValues } from '../../db/schema.ts'
import { DIMENSIONS, type ViewFacts } from './analytics.classify.ts'
import * as repo from './analytics.repo.ts'

export type AnalyticsRecorder = {
  /**
   * Adds a counted view's facts to the buffer; `reader` is the daily keyed hash of network and user agent, which
   * only decides whether this is the reader's first view of the day (a visitor, entering on this post).
   */
  record: (postId: string, facts: ViewFacts, reader: string) => Promise<void>
  flush: () => Promise<void>
  /** Views with facts buffered but not yet written. */
  pending: () => number
}

type Pending = { postId: string; values: AnalyticsValues; views: number; visitors: number }

/** Buffered like view counts: keyed by day, post and combination of values, written together at each flush. */
export function createAnalyticsRecorder(db: Db, clock: Clock, log: FastifyBaseLogger): AnalyticsRecorder {
  let buffer = new Map<string, Map<string, Pending>>() // day → `${postId}\t${values…}` → counts
  let pendingViews = 0
  let flushing: Promise<void> = Promise.resolve()
  let prunedFor = ''

  async function writeOut(batch: Map<string, Map<string, Pending>>): Promise<void> {
    for (const [day, rows] of batch) {
      try {
        await repo.addFacts(db, day, [...rows.values()])
      } catch (err) {
        log.error({ err, day }, 'analytics counts not written; dropped')
      }
    }
    const today = clock().toISOString().slice(0, 10)
    if (prunedFor !== today) {
      prunedFor = today
      await repo.pruneVisitors(db, today).catch((err) => log.error({ err }, 'pruning analytics visitors failed'))
    }
  }

  return {
    async record(postId, facts, reader) {
      const now = clock()
      const day = now.toISOString().slice(0, 10)
      const visitor = (await repo.markVisitor(db, day, reader, postId, now)) ? 1 : 0
      const values = Object.fromEntries(DIMENSIONS.map((d) => [d, facts[d] ?? ''])) as unknown as AnalyticsValues
      // Tabs separate the key's parts; values are cleaned of control characters before they get here.
      const key = [postId, ...DIMENSIONS.map((d) => values[d])].join('\t')
      const rows = buffer.get(day) ?? new Map<string, Pending>()
      buffer.set(day, rows)
      const before = rows.get(key)
      rows.set(key, {
        postId,
        values,
        views: (before?.views ?? 0) + 1,
        visitors: (before?.visitors ?? 0) + visitor,
      })
      pendingViews++
    },
    flush() {
      const run = () => {
        if (buffer.size === 0) return
        const batch = buffer
        buffer = new Map()
        pendingViews = 0
        return writeOut(batch)
      }
      flushing = flushing.then(run, run)
      return flushing
    },
    pending: () => pendingViews,
  }
}

export { rollUpAnalytics } from './analytics.retention.ts'

/** The hook the view beacon calls for each counted view. */
export { viewAnalytics } from './analytics.view-hook.ts'
