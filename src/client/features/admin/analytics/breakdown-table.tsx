import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import type { AnalyticsRow } from '#shared/schemas/analytics.ts'
import { CsvLink } from './csv-link.tsx'
import { formatViews } from '#shared/text/format.ts'

type Props = {
  title: string
  rows: AnalyticsRow[]
  /** The CSV of this table for the same range and filters. */
  csvHref: string
  /** Filter everything else by this row; absent when the table is the active filter's own. */
  onSelect?: (row: AnalyticsRow) => void
  selected?: string
}

/** One ranked table: each row's share of views as a bar behind its name, and the share in words. */
export function BreakdownTable({ title, rows, csvHref, onSelect, selected }: Props) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-lg">{title}</CardTitle>
        <CsvLink href={csvHref} title={title} />
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No data for this range</p>
        ) : (
          <table className="w-full table-fixed text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="pb-2 font-medium">
                  Name
                </th>
                <th scope="col" className="w-16 pb-2 text-right font-medium sm:w-20">
                  Visitors
                </th>
                <th scope="col" className="w-14 pb-2 text-right font-medium sm:w-16">
                  Views
                </th>
                <th scope="col" className="w-14 pb-2 text-right font-medium">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.value} aria-current={row.value === selected ? 'true' : undefined}>
                  <th scope="row" className="relative py-1 pr-2 text-left font-normal">
                    <span
                      className="absolute inset-y-1 left-0 rounded-sm bg-primary/15"
                      style={{ width: `${row.percent}%` }}
                      aria-hidden="true"
                    />
                    {onSelect ? (
                      <button
                        type="button"
                        className="relative block w-full truncate rounded-sm px-1.5 py-1 text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                        onClick={() => onSelect(row)}
                        title={row.label}
                      >
                        {row.label}
                      </button>
                    ) : (
                      <span className="relative block truncate px-1.5 py-1" title={row.label}>
                        {row.label}
                      </span>
                    )}
                  </th>
                  <td className="text-right tabular-nums">{formatViews(row.visitors)}</td>
                  <td className="text-right tabular-nums">{formatViews(row.views)}</td>
                  <td className="text-right text-muted-foreground tabular-nums">{row.percent}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  )
}
