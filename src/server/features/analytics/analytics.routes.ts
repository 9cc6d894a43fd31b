import { AnalyticsQuerySchema, AnalyticsSummarySchema } from '#shared/schemas/analytics.ts'
import type { App } from '../../context.ts'
import { analyticsSummary } from './analytics.summary.ts'

export async function analyticsRoutes(app: App): Promise<void> {
  app.get(
    '/api/analytics',
    {
      schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsSummarySchema } },
      config: { auth: 'admin' },
    },
    async (request) => analyticsSummary(app.ctx.db, request.query, app.ctx.clock()),
  )
}
