import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/client.ts'
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

type Counts = { views: number; visitors: number }

/** Buffered like view counts: keyed by day, dimension, value and post, written together at each flush. */
export function createAnalyticsRecorder(db: Db, clock: Clock, log: FastifyBaseLogger): AnalyticsRecorder {
  let buffer = new Map<string, Counts>() // `${day}\t${dimension}\t${value}\t${postId}`
  let pendingViews = 0
  let flushing: Promise<void> = Promise.resolve()
  let prunedFor = ''

  async function writeOut(batch: Map<string, Counts>): Promise<void> {
    const groups = new Map<string, repo.FactRow[]>()
    for (const [key, counts] of batch) {
      const [day = '', dimension = '', value = '', postId = ''] = key.split('\t')
      const group = `${day}\t${dimension}`
      groups.set(group, [...(groups.get(group) ?? []), { day, dimension, value, postId, ...counts }])
    }
    for (const [group, rows] of groups) {
      const [day = '', dimension = ''] = group.split('\t')
      try {
        await repo.addFacts(db, day, dimension, rows)
      } catch (err) {
        log.error({ err, day, dimension }, 'analytics counts not written; dropped')
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
      for (const dimension of DIMENSIONS) {
        const value = facts[dimension]
        if (value === null) continue
        // Tabs separate the key's parts; values are cleaned of control characters before they get here.
        const key = `${day}\t${dimension}\t${value}\t${postId}`
        const before = buffer.get(key) ?? { views: 0, visitors: 0 }
        buffer.set(key, { views: before.views + 1, visitors: before.visitors + visitor })
      }
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

/** The hook the view beacon calls for each counted view. */
export { viewAnalytics } from './analytics.view-hook.ts'
