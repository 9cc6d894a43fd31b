import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import { ViewBeaconSchema } from '#shared/schemas/view-beacon.ts'
import type { App } from '../../context.ts'
import { isCountable } from '../../http/countable-request.ts'
import { countedReader } from '../../http/counted-reader.ts'
import { viewAnalytics } from '../analytics/analytics.service.ts'
import { createViewCounter, FLUSH_EVERY_MS } from './views.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes buffered view counts now (also runs every 2 s and on close). */
    flushViews: () => Promise<void>
    /** View counts recorded but not yet written. */
    pendingViews: () => number
  }
}

export async function viewRoutes(app: App): Promise<void> {
  // Views never drop cached pages: public view counts may lag by the cache's entry lifetime.
  const counter = createViewCounter(app.ctx.db, app.ctx.clock, app.log, app.ctx.env.countsPerNetwork.views)
  app.decorate('flushViews', counter.flush)
  app.decorate('pendingViews', counter.pending)
  const recordAnalytics = viewAnalytics(app)

  const timer = setInterval(() => {
    counter.flush().catch((err) => app.log.error({ err }, 'view flush failed'))
  }, FLUSH_EVERY_MS)
  timer.unref()
  // app.close() (SIGTERM) runs this before the database is closed.
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await counter.flush()
    // What the database did not take (it is down, or refuses writes) goes into the log, for an operator to add.
    const views = counter.takeUnwritten()
    if (views.length)
      app.log.error(
        { views },
        'view counts could not be written to the database at shutdown: they are only in this log line',
      )
  })

  app.post(
    '/api/posts/:id/view',
    {
      schema: { params: z.object({ id: IdSchema }), body: ViewBeaconSchema.nullish() },
      config: { keepsPublicContent: true },
    },
    async (request, reply) => {
      // Crawlers, prefetches and prerenders get the same answer, but nothing is looked up or counted.
      if (isCountable(request)) {
        const reader = countedReader(request, reply, app.ctx, app.ctx.clock())
        if (await counter.record(request.params.id, { isAdmin: Boolean(request.user) }, reader))
          await recordAnalytics(request, request.params.id, request.body, reader.anonymous)
      }
      return reply.status(204).send()
    },
  )
}

// Not encapsulated (what fastify-plugin does), so flushViews is decorated on the app itself.
Object.assign(viewRoutes, { [Symbol.for('skip-override')]: true })
