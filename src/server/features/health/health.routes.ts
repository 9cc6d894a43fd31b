import { z } from 'zod'
import type { App } from '../../context.ts'
import { pingDatabase } from './health.repo.ts'

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.string(), database: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.ctx.db)
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable')
        return reply.status(503).send({ status: 'error', database: 'unreachable' })
      }
      if (await app.writeHealth.failing()) return reply.status(503).send({ status: 'error', database: 'not-writable' })
      return { status: 'ok' as const, database: 'ok' as const }
    },
  )
}
