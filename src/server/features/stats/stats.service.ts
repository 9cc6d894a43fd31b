import type { Stats, ViewSpikes } from '#shared/schemas/engagement.ts'
import type { Db } from '../../db/client.ts'
import { countPending } from '../engagement/comments.service.ts'
import { tenMinuteSlot } from '../engagement/views.service.ts'
import * as repo from './stats.repo.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export async function siteStats(db: Db): Promise<Stats> {
  const [totals, totalCategories, pendingComments] = await Promise.all([
    repo.postTotals(db),
    repo.categoryCount(db),
    countPending(db),
  ])
  return { totalPosts: totals.posts, totalViews: totals.views, totalCategories, drafts: totals.drafts, pendingComments }
}

/** A post is flagged when its views in the last hour exceed this many times its daily average. */
export const SPIKE_FACTOR = 20
const HISTORY_DAYS = 30
const HOUR_MS = 60 * 60 * 1000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Posts whose views in the last hour (the six newest 10-minute slots) are more than SPIKE_FACTOR times their daily
 * average. The average is taken over the 30 days before today, counting only the days the post was out, and is
 * at least 1 view a day: a post with no history is flagged only past SPIKE_FACTOR views in an hour. Biggest first.
 */
export async function viewSpikes(db: Db, now: Date): Promise<ViewSpikes> {
  const recent = await repo.recentViewsByPost(db, tenMinuteSlot(new Date(now.getTime() - HOUR_MS + 10 * 60 * 1000)))
  const candidates = recent.filter((r) => r.views > SPIKE_FACTOR)
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const history = await repo.viewHistory(
    db,
    candidates.map((c) => c.postId),
    isoDay(today - HISTORY_DAYS * DAY_MS),
    isoDay(today - DAY_MS),
  )
  const lastHour = new Map(candidates.map((c) => [c.postId, c.views]))
  return history
    .map((post) => {
      const out = post.publishedAt ? Math.floor((today - Date.parse(post.publishedAt)) / DAY_MS) : HISTORY_DAYS
      const days = Math.min(HISTORY_DAYS, Math.max(1, out))
      const dailyAverage = Math.round((post.views / days) * 10) / 10
      return { postId: post.id, title: post.title, slug: post.slug, lastHour: lastHour.get(post.id) ?? 0, dailyAverage }
    })
    .filter((spike) => spike.lastHour > SPIKE_FACTOR * Math.max(1, spike.dailyAverage))
    .sort((a, b) => b.lastHour - a.lastHour)
}
