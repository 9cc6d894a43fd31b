import { useQuery } from '@tanstack/react-query'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import type { DailyViews } from '#shared/schemas/engagement.ts'
import { formatViews } from '#shared/text/format.ts'
import { dailyViewsQuery } from '../queries.ts'

const DAYS = 30

/** Fill the days the server had no views for, oldest first, ending today (UTC). */
export function lastDays(data: DailyViews, days: number, today = new Date()): DailyViews {
  const byDay = new Map(data.map((d) => [d.day.slice(0, 10), d.views]))
  const out: DailyViews = []
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i))
      .toISOString()
      .slice(0, 10)
    out.push({ day, views: byDay.get(day) ?? 0 })
  }
  return out
}

const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** Views per day as plain CSS bars; the same numbers are in a visually hidden table for screen readers. */
export function ViewsChart() {
  const query = useQuery(dailyViewsQuery(DAYS))
  const days = query.data ? lastDays(query.data, DAYS) : []
  const max = Math.max(1, ...days.map((d) => d.views))
  const total = days.reduce((sum, d) => sum + d.views, 0)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Views per day</CardTitle>
        <CardDescription>
          Last {DAYS} days · {formatViews(total)} views
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-40" />
        ) : query.isError ? (
          <p className="text-sm text-destructive">{query.error.message}</p>
        ) : (
          <figure>
            <div className="flex h-40 items-end gap-0.5 border-b border-l pl-0.5" aria-hidden="true">
              {days.map((d) => (
                <div
                  key={d.day}
                  className="group relative flex h-full flex-1 items-end"
                  title={`${shortDate(d.day)}: ${d.views} views`}
                >
                  <div
                    className="w-full rounded-t-sm bg-primary/80 group-hover:bg-primary"
                    style={{ height: `${(d.views / max) * 100}%`, minHeight: d.views ? 2 : 0 }}
                  />
                </div>
              ))}
            </div>
            <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
              <span>{days[0] && shortDate(days[0].day)}</span>
              <span>{days.at(-1) && shortDate(days.at(-1)!.day)}</span>
            </div>
            <figcaption className="sr-only">Views per day over the last {DAYS} days</figcaption>
            <table className="sr-only">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Views</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.day}>
                    <td>{shortDate(d.day)}</td>
                    <td>{d.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        )}
      </CardContent>
    </Card>
  )
}
