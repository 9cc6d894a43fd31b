import {
  ANALYTICS_DIMENSIONS,
  type AnalyticsFilters,
  type AnalyticsQuery,
  type AnalyticsRow,
  type AnalyticsSummary,
} from '#shared/schemas/analytics.ts'
import type { Db } from '../../db/client.ts'
import { badRequest } from '../../errors.ts'
import { countsPerPeriod, topPosts, topValues, type Spans } from './analytics.repo.ts'
import { rolledUpBefore } from './analytics.retention.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const TABLE_ROWS = 20
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const monthsFrom = (from: string, to: string) => {
  const months: string[] = []
  for (let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))]; ; m === 12 ? ((y += 1), (m = 1)) : (m += 1)) {
    const month = `${y}-${String(m).padStart(2, '0')}`
    if (month > to.slice(0, 7)) return months
    months.push(month)
  }
}

const lastDayOf = (month: string) => isoDay(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
const nextMonth = (month: string) => isoDay(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1))

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1
const dayBefore = (day: string) => isoDay(Date.parse(day) - DAY_MS)
const dayAfter = (day: string) => isoDay(Date.parse(day) + DAY_MS)

/**
 * How the pre-summed tables read a range: its whole months as month rows; a partial month at either end as its days
 * in the range, or as its month row less its days outside the range, whichever is fewer rows (no day after `today`
 * has rows, so the current month is its month row). A month before `keptFrom` is rolled up: only its month row is
 * left.
 */
export function spansOf(from: string, to: string, today: string, keptFrom = ''): Spans {
  const spans: Spans = { days: [], minus: [] }
  const months: string[] = []
  for (let start = `${from.slice(0, 7)}-01`; start <= to; start = nextMonth(start.slice(0, 7))) {
    const end = lastDayOf(start.slice(0, 7))
    const inside: [string, string] = [from > start ? from : start, to < end ? to : end]
    const before: Array<[string, string]> = inside[0] > start ? [[start, dayBefore(inside[0])]] : []
    const lastWritten = end < today ? end : today
    const after: Array<[string, string]> = inside[1] < lastWritten ? [[dayAfter(inside[1]), lastWritten]] : []
    const outside = [...before, ...after]
    if (start < keptFrom) months.push(start)
    else if (outside.reduce((n, [a, b]) => n + daysBetween(a, b), 0) < daysBetween(...inside)) {
      months.push(start)
      spans.minus.push(...outside)
    } else spans.days.push(inside)
  }
  if (months.length > 0) spans.months = [months[0]!, months.at(-1)!]
  return spans
}

export type Range = { from: string; to: string; unit: 'day' | 'month'; series: string[] }

/**
 * The range's first and last day; a clear 400 for a future end or a span past the retention. A range reaching into
 * the rolled-up past is counted in whole months (it starts on its first month's 1st).
 */
export function rangeOf(query: AnalyticsQuery, now: Date, retentionDays: number): Range {
  const today = isoDay(now.getTime())
  const to = query.to ?? today
  const from = query.from ?? isoDay(Date.parse(today) - (Number(query.days ?? '30') - 1) * DAY_MS)
  if (to > today) badRequest('The range ends in the future')
  const length = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1
  if (!(length > 0) || length > retentionDays) badRequest(`A range is 1 to ${retentionDays} days long`)
  if (from < rolledUpBefore(now, retentionDays)) {
    const series = monthsFrom(from, to)
    return { from: `${from.slice(0, 7)}-01`, to, unit: 'month', series }
  }
  return { from, to, unit: 'day', series: Array.from({ length }, (_, i) => isoDay(Date.parse(from) + i * DAY_MS)) }
}

const withPercent = (rows: { value: string; label: string; views: number; visitors: number }[]): AnalyticsRow[] => {
  const total = rows.reduce((sum, r) => sum + r.views, 0)
  return rows.map((r) => ({ ...r, percent: total ? Math.round((r.views / total) * 1000) / 10 : 0 }))
}

/** The filters of a query: one value per dimension, all applied together. */
export const filtersOf = (query: AnalyticsQuery): AnalyticsFilters =>
  Object.fromEntries(ANALYTICS_DIMENSIONS.flatMap((d) => (query[d] === undefined ? [] : [[d, query[d]]])))

/** Everything Admin → Analytics shows for a range, narrowed by every filter in force (a post, row values). */
export async function analyticsSummary(
  db: Db,
  query: AnalyticsQuery,
  now: Date,
  retentionDays: number,
): Promise<AnalyticsSummary> {
  const { from, to, unit, series } = rangeOf(query, now, retentionDays)
  const scope = {
    from,
    to,
    spans: spansOf(from, to, isoDay(now.getTime()), rolledUpBefore(now, retentionDays)),
    post: query.post,
    filters: filtersOf(query),
  }
  // Independent reads: on PostgreSQL they run side by side on the pool's connections.
  const [periods, posts, ...perTable] = await Promise.all([
    countsPerPeriod(db, scope, unit),
    topPosts(db, scope, TABLE_ROWS),
    ...ANALYTICS_DIMENSIONS.map((table) => topValues(db, scope, table, TABLE_ROWS)),
  ])
  const byPeriod = new Map(periods.map((r) => [r.period, r]))
  const tables = Object.fromEntries(
    ANALYTICS_DIMENSIONS.map((table, i) => [table, withPercent(perTable[i]!.map((r) => ({ ...r, label: r.value })))]),
  ) as AnalyticsSummary['tables']
  return {
    from,
    to,
    unit,
    totals: {
      views: periods.reduce((sum, r) => sum + r.views, 0),
      visitors: periods.reduce((sum, r) => sum + r.visitors, 0),
    },
    days: series.map((period) => ({
      day: unit === 'day' ? period : `${period}-01`,
      views: byPeriod.get(period)?.views ?? 0,
      visitors: byPeriod.get(period)?.visitors ?? 0,
    })),
    posts: withPercent(posts),
    tables,
  }
}
