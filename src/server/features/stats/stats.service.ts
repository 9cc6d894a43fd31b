import type { DailyViews, Stats } from '#shared/schemas/engagement.ts'
import type { Db } from '../../db/client.ts'
import * as repo from './stats.repo.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export async function siteStats(db: Db): Promise<Stats> {
  const [totals, totalCategories] = await Promise.all([repo.postTotals(db), repo.categoryCount(db)])
  return { totalPosts: totals.posts, totalViews: totals.views, totalCategories, drafts: totals.drafts }
}

/** One entry per UTC day for the last `days` days ending today, oldest first, zero-filled. */
export async function dailyViews(db: Db, days: number, now: Date): Promise<DailyViews> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const series = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10))
  const counted = new Map((await repo.viewsByDay(db, series[0] ?? '')).map((r) => [r.day, r.views]))
  return series.map((day) => ({ day, views: counted.get(day) ?? 0 }))
}
