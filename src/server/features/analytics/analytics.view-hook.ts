import type { FastifyRequest } from 'fastify'
import type { ViewBeacon } from '#shared/schemas/view-beacon.ts'
import type { App } from '../../context.ts'
import { FLUSH_EVERY_MS } from '../engagement/views.service.ts'
import { createClassifier } from './analytics.classify.ts'
import { createAnalyticsRecorder } from './analytics.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes buffered analytics counts now (also runs every 2 s and on close). */
    flushAnalytics: () => Promise<void>
  }
}

/** `Sec-GPC: 1` or `DNT: 1`: the view counts, but nothing else about it is recorded. */
export const asksNotToBeTracked = (request: FastifyRequest) =>
  request.headers['sec-gpc'] === '1' || request.headers.dnt === '1'

/** Sets up the analytics buffer on the app; returns what the view route calls for each view that counted. */
export function viewAnalytics(app: App) {
  const classify = createClassifier(app.ctx.env.publicUrl)
  const recorder = createAnalyticsRecorder(app.ctx.db, app.ctx.clock, app.log)
  app.decorate('flushAnalytics', recorder.flush)
  const timer = setInterval(() => {
    recorder.flush().catch((err) => app.log.error({ err }, 'analytics flush failed'))
  }, FLUSH_EVERY_MS)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await recorder.flush()
  })

  return async (
    request: FastifyRequest,
    postId: string,
    body: ViewBeacon | null | undefined,
    reader: string,
  ): Promise<void> => {
    if (asksNotToBeTracked(request)) return
    const header = request.headers.referer
    const facts = classify({
      referrer: body?.referrer || header,
      landingQuery: body?.landing,
      userAgent: request.headers['user-agent'],
    })
    // The view is already counted: analytics failing must not fail it.
    await recorder.record(postId, facts, reader).catch((err) => app.log.error({ err }, 'analytics not recorded'))
  }
}
