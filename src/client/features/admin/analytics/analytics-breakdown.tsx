import { useQuery } from '@tanstack/react-query'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ANALYTICS_DIMENSIONS, type AnalyticsQuery } from '#shared/schemas/analytics.ts'
import { formatDate } from '#shared/text/format.ts'
import { HttpError, queryString } from '../../../lib/api.ts'
import { useSearchParams } from '../../../lib/router.tsx'
import { analyticsQuery } from '../queries.ts'
import { ActiveFilters, type ActiveFilter } from './active-filters.tsx'
import {
  analyticsQueryOf,
  DIMENSION_NAMES,
  DIMENSION_TITLES,
  withFilter,
  withRange,
  type ExportTable,
} from './analytics-params.ts'
import { CsvLink } from './csv-link.tsx'
import { BreakdownTable } from './breakdown-table.tsx'
import { RangePicker } from './range-picker.tsx'
import { RightNow } from './right-now.tsx'
import { VisitsChart } from './visits-chart.tsx'

const csvHref = (query: AnalyticsQuery, table: ExportTable) =>
  `/api/analytics/export.csv${queryString({ ...query, table })}`

/** The range picker, the filters, the visitors chart, "Right now" and the ranked tables; state lives in the URL. */
export function AnalyticsBreakdown() {
  const [params, setParams] = useSearchParams()
  const query = analyticsQueryOf(params)
  const summary = useQuery(analyticsQuery(query))
  const badRange =
    summary.error instanceof HttpError && summary.error.status === 400 ? summary.error.serverMessage : null
  const data = summary.data

  const filters: ActiveFilter[] = []
  if (query.post)
    filters.push({
      name: 'Post',
      label: data?.posts.find((p) => p.value === query.post)?.label ?? 'One post',
      onRemove: () => setParams(withFilter(params, 'post', null)),
    })
  for (const dimension of ANALYTICS_DIMENSIONS) {
    const value = query[dimension]
    if (value !== undefined)
      filters.push({
        name: DIMENSION_NAMES[dimension],
        label: value,
        onRemove: () => setParams(withFilter(params, dimension, null)),
      })
  }

  return (
    <div className="space-y-6">
      <RangePicker
        key={`${query.from}-${query.to}`}
        query={query}
        error={badRange}
        onRange={(range) => setParams(withRange(params, range))}
      />
      <ActiveFilters filters={filters} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader className="flex flex-row items-start justify-between gap-2 space-y-0">
            <div className="space-y-1.5">
              <CardTitle>Visitors and views</CardTitle>
              <CardDescription>{data ? `${formatDate(data.from)} – ${formatDate(data.to)}` : ' '}</CardDescription>
            </div>
            <CsvLink href={csvHref(query, 'days')} title="Visitors and views" />
          </CardHeader>
          <CardContent>
            {summary.isPending ? (
              <Skeleton className="h-56" />
            ) : summary.isError ? (
              <p className="text-sm text-destructive">{badRange ?? summary.error.message}</p>
            ) : (
              <VisitsChart days={summary.data.days} unit={summary.data.unit} />
            )}
          </CardContent>
        </Card>
        <RightNow />
      </div>
      {data && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <BreakdownTable
            title="Top posts"
            rows={data.posts}
            csvHref={csvHref(query, 'posts')}
            selected={query.post}
            onSelect={(row) => setParams(withFilter(params, 'post', row.value))}
          />
          {ANALYTICS_DIMENSIONS.map((dimension) => (
            <BreakdownTable
              key={dimension}
              title={DIMENSION_TITLES[dimension]}
              rows={data.tables[dimension] ?? []}
              csvHref={csvHref(query, dimension)}
              selected={query[dimension]}
              onSelect={(row) => setParams(withFilter(params, dimension, row.value))}
            />
          ))}
        </div>
      )}
    </div>
  )
}
