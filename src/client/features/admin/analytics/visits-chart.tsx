import type { AnalyticsSummary } from '#shared/schemas/analytics.ts'
import { formatViews } from '#shared/text/format.ts'
import { cn } from '../../../lib/cn.ts'

const shortDate = (day: string, unit: 'day' | 'month') =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(
    'en-US',
    unit === 'day'
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { month: 'short', year: 'numeric', timeZone: 'UTC' },
  )

function LegendItem({ swatch, label, total }: { swatch: string; label: string; total: number }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span className={cn('size-3 rounded-sm', swatch)} aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-2xl font-bold">{formatViews(total)}</dd>
    </div>
  )
}

/**
 * Visitors and views per day on one chart: each day's views bar holds its visitors bar (never more than its views).
 * The bars are hidden from screen readers, which get the same numbers as a table.
 */
export function VisitsChart({ days, unit = 'day' }: { days: AnalyticsSummary['days']; unit?: 'day' | 'month' }) {
  const max = Math.max(1, ...days.map((d) => d.views))
  const views = days.reduce((sum, d) => sum + d.views, 0)
  const visitors = days.reduce((sum, d) => sum + d.visitors, 0)
  return (
    <figure>
      <dl className="mb-4 flex flex-wrap gap-x-8 gap-y-2">
        <LegendItem swatch="bg-primary" label="Visitors" total={visitors} />
        <LegendItem swatch="bg-primary/30" label="Views" total={views} />
      </dl>
      <div className="flex h-40 items-end gap-px border-b border-l pl-px" aria-hidden="true">
        {days.map((d) => (
          <div
            key={d.day}
            className="relative flex h-full min-w-0 flex-1 items-end"
            title={`${shortDate(d.day, unit)}: ${d.visitors} visitors, ${d.views} views`}
          >
            <div
              className="flex w-full items-end rounded-t-sm bg-primary/30"
              style={{ height: `${(d.views / max) * 100}%`, minHeight: d.views ? 2 : 0 }}
            >
              <div
                className="w-full rounded-t-sm bg-primary"
                style={{ height: `${d.views ? (d.visitors / d.views) * 100 : 0}%` }}
              />
            </div>
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{days[0] && shortDate(days[0].day, unit)}</span>
        <span>{days.at(-1) && shortDate(days.at(-1)!.day, unit)}</span>
      </div>
      <table className="sr-only">
        <caption>Visitors and views per {unit}</caption>
        <thead>
          <tr>
            <th scope="col">{unit === 'day' ? 'Day' : 'Month'}</th>
            <th scope="col">Visitors</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{shortDate(d.day, unit)}</th>
              <td>{d.visitors}</td>
              <td>{d.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
