import { stringify } from 'csv-stringify/sync'
import type { AnalyticsSummary } from '#shared/schemas/analytics.ts'

/** One table of the summary as CSV; cells that a spreadsheet would run as a formula are escaped. */
export function summaryCsv(summary: AnalyticsSummary, table: 'days' | 'posts' | keyof AnalyticsSummary['tables']) {
  const records =
    table === 'days'
      ? summary.days.map((d) => [d.day, d.visitors, d.views])
      : (table === 'posts' ? summary.posts : summary.tables[table]).map((r) => [
          r.label,
          r.visitors,
          r.views,
          r.percent,
        ])
  const header = table === 'days' ? ['day', 'visitors', 'views'] : [table, 'visitors', 'views', 'percent']
  return stringify([header, ...records], { escape_formulas: true })
}
