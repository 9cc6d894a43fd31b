import {
  AnalyticsExportQuerySchema,
  AnalyticsQuerySchema,
  AnalyticsSummarySchema,
  RightNowSchema,
} from '#shared/schemas/analytics.ts'
import type { App } from '../../context.ts'
import { summaryCsv } from './analytics.csv.ts'
import { readersSince } from './analytics.repo.ts'
import { analyticsSummary } from './analytics.summary.ts'

const RIGHT_NOW_MS = 5 * 60 * 1000

export async function analyticsRoutes(app: App): Promise<void> {
  app.get(
    '/api/analytics',
    {
      schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsSummarySchema } },
      config: { auth: 'admin' },
    },
    async (request) => analyticsSummary(app.ctx.db, request.query, app.ctx.clock(), app.ctx.env.analyticsRetentionDays),
  )

  app.get(
    '/api/analytics/right-now',
    { schema: { response: { 200: RightNowSchema } }, config: { auth: 'admin' } },
    async () => readersSince(app.ctx.db, new Date(app.ctx.clock().getTime() - RIGHT_NOW_MS)),
  )

  app.get(
    '/api/analytics/export.csv',
    { schema: { querystring: AnalyticsExportQuerySchema }, config: { auth: 'admin' } },
    async (request, reply) => {
      const { table, ...query } = request.query
      const summary = await analyticsSummary(app.ctx.db, query, app.ctx.clock(), app.ctx.env.analyticsRetentionDays)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${table}-${summary.from}-${summary.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(summaryCsv(summary, table))
    },
  )
}
