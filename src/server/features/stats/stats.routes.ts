import { z } from 'zod'
import { DailyViewsSchema, StatsSchema, ViewSpikesSchema } from '#shared/schemas/engagement.ts'
import type { App } from '../../context.ts'
import { dailyViews, siteStats, viewSpikes } from './stats.service.ts'

const DaysQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) })

export async function statsRoutes(app: App): Promise<void> {
  app.get('/api/stats', { schema: { response: { 200: StatsSchema } }, config: { auth: 'admin' } }, async () =>
    siteStats(app.ctx.db),
  )

  app.get(
    '/api/stats/views',
    { schema: { querystring: DaysQuery, response: { 200: DailyViewsSchema } }, config: { auth: 'admin' } },
    async (request) => dailyViews(app.ctx.db, request.query.days, app.ctx.clock()),
  )

  app.get(
    '/api/stats/spikes',
    { schema: { response: { 200: ViewSpikesSchema } }, config: { auth: 'admin' } },
    async () => viewSpikes(app.ctx.db, app.ctx.clock()),
  )
}
