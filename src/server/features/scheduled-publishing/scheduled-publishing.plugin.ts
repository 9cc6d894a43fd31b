import type { App } from '../../context.ts'
import { publishDuePosts } from './scheduled-publishing.service.ts'

/** How often each instance looks for scheduled posts that are due: well inside the promised minute. */
export const PUBLISH_CHECK_EVERY_MS = 10_000

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes the scheduled posts that are due now and drops the response cache if any went out (tests call it). */
    publishDuePosts: () => Promise<string[]>
  }
}

/**
 * A timer in the server publishes scheduled posts, so they go out on time with no visitor traffic. Every instance
 * runs it; the claim in publishDuePosts makes each post go out once, and the cache drop reaches the other instances
 * within a second.
 */
export function registerScheduledPublishing(app: App, everyMs = PUBLISH_CHECK_EVERY_MS): void {
  const run = async () => {
    const ids = await publishDuePosts(app.ctx.db, app.ctx.clock(), { emailEnabled: Boolean(app.ctx.mailer) })
    if (ids.length) {
      await app.responseCache.invalidate()
      app.log.info({ postIds: ids }, 'published scheduled posts')
    }
    return ids
  }
  app.decorate('publishDuePosts', run)

  let running: Promise<unknown> | null = null
  const tick = () => {
    running ??= run()
      .catch((err: unknown) => app.log.error({ err }, 'publishing scheduled posts failed'))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, everyMs)
  timer.unref()
  app.addHook('onReady', async () => tick())
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
