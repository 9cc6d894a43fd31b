import { StatsSchema, ViewSpikesSchema } from '#shared/schemas/engagement.ts'
import type { App } from '../../context.ts'
import { siteStats, viewSpikes } from './stats.service.ts'

export async function statsRoutes(app: App): Promise<void> {
  app.get('/api/stats', { schema: { response: { 200: StatsSchema } }, config: { auth: 'admin' } }, async () =>
    siteStats(app.ctx.db),
  )

  app.get(
    '/api/stats/spikes',
    { schema: { response: { 200: ViewSpikesSchema } }, config: { auth: 'admin' } },
    async () => viewSpikes(app.ctx.db, app.ctx.clock()),
  )
}
