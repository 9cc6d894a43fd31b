import {
  ANALYTICS_DIMENSIONS,
  type AnalyticsQuery,
  type AnalyticsRow,
  type AnalyticsSummary,
} from '#shared/schemas/analytics.ts'
import type { Db } from '../../db/client.ts'
import { badRequest } from '../../errors.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** How far back aggregates are kept by day (two years); a longer custom range is refused. */
export const RETENTION_DAYS = 730
const TABLE_ROWS = 20
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The range's first and last day; a clear 400 for a future end or a span past the retention. */
export function rangeOf(query: AnalyticsQuery, now: Date): { from: string; to: string; series: string[] } {
  const today = isoDay(now.getTime())
  const to = query.to ?? today
  const from = query.from ?? isoDay(Date.parse(today) - (Number(query.days ?? '30') - 1) * DAY_MS)
  if (to > today) badRequest('The range ends in the future')
  const length = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1
  if (!(length > 0) || length > RETENTION_DAYS) badRequest(`A range is 1 to ${RETENTION_DAYS} days long`)
  return { from, to, series: Array.from({ length }, (_, i) => isoDay(Date.parse(from) + i * DAY_MS)) }
}

const withPercent = (rows: { value: string; label: string; views: number; visitors: number }[]): AnalyticsRow[] => {
  const total = rows.reduce((sum, r) => sum + r.views, 0)
  return rows.map((r) => ({ ...r, percent: total ? Math.round((r.views / total) * 1000) / 10 : 0 }))
}

/** Everything Admin → Analytics shows for a range, one post or one row value. */
export async function analyticsSummary(db: Db, query: AnalyticsQuery, now: Date): Promise<AnalyticsSummary> {
  const { from, to, series } = rangeOf(query, now)
  const dimension = query.dimension ?? 'device' // every recorded view has a device: its rows sum to all views
  const facts = () => {
    let q = db
      .selectFrom('analytics_daily')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('dimension', '=', dimension)
    if (query.value !== undefined) q = q.where('value', '=', query.value)
    if (query.post) q = q.where('post_id', '=', query.post)
    return q
  }
  const perDay = await facts()
    .select((eb) => ['day', eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('visitors').as('visitors')])
    .groupBy('day')
    .execute()
  const byDay = new Map(perDay.map((r) => [r.day, r]))

  const posts = await facts()
    .innerJoin('posts', 'posts.id', 'analytics_daily.post_id')
    .select((eb) => [
      'posts.id as value',
      'posts.title as label',
      eb.fn.sum<number>('analytics_daily.views').as('views'),
      eb.fn.sum<number>('analytics_daily.visitors').as('visitors'),
    ])
    .groupBy(['posts.id', 'posts.title'])
    .orderBy('views', 'desc')
    .limit(TABLE_ROWS)
    .execute()

  const tables = {} as AnalyticsSummary['tables']
  for (const table of ANALYTICS_DIMENSIONS) {
    let q = db
      .selectFrom('analytics_daily')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('dimension', '=', table)
    if (query.post) q = q.where('post_id', '=', query.post)
    const rows = await q
      .select((eb) => ['value', eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('visitors').as('visitors')])
      .groupBy('value')
      .orderBy('views', 'desc')
      .orderBy('value')
      .limit(TABLE_ROWS)
      .execute()
    tables[table] = withPercent(
      rows.map((r) => ({ value: r.value, label: r.value, views: Number(r.views), visitors: Number(r.visitors) })),
    )
  }

  return {
    from,
    to,
    days: series.map((day) => ({
      day,
      views: Number(byDay.get(day)?.views ?? 0),
      visitors: Number(byDay.get(day)?.visitors ?? 0),
    })),
    posts: withPercent(posts.map((p) => ({ ...p, views: Number(p.views), visitors: Number(p.visitors) }))),
    tables,
  }
}
