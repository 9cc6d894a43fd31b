import type { App } from '../../context.ts'
import { readerFirstPacer } from '../../http/reader-first-pacer.ts'
import { batchSize, sendDue, type Sender } from './newsletter.sender.ts'

/** How often each instance looks for deliveries that are due. */
export const SEND_CHECK_EVERY_MS = 1_000
/** Messages a second the worker starts while readers keep the server busy. */
export const BUSY_SEND_RATE = 20

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every delivery due now, round after round, and returns how many were claimed (tests call it). */
    sendNewsletters: () => Promise<number>
  }
}

/**
 * The newsletter worker: every instance runs it; the claim in the database gives each delivery to one of them. It
 * starts with the server and stops on close (the deliveries it had claimed go back after their claim runs out).
 */
export function registerNewsletterWorker(app: App, everyMs = SEND_CHECK_EVERY_MS): void {
  const { mailer, env } = app.ctx
  if (!mailer || !env.mail) {
    app.decorate('sendNewsletters', async () => 0)
    return
  }
  // Every request the HTTP server receives (cached answers skip the hooks, so the server's own event counts them).
  let requests = 0
  app.server.on('request', () => requests++)
  const sender: Sender = {
    db: app.ctx.db,
    mailer,
    clock: app.ctx.clock,
    log: app.log,
    publicUrl: env.publicUrl,
    claimMs: env.mail.claimMs,
    batch: batchSize(env.mail.rate),
    pace: readerFirstPacer(() => requests, BUSY_SEND_RATE),
  }
  let closing = false
  const drain = async () => {
    let claimed = 0
    for (;;) {
      if (closing) return claimed
      const n = await sendDue(sender)
      if (!n) return claimed
      claimed += n
    }
  }
  let running: Promise<number> | null = null
  const start = () =>
    (running ??= drain().finally(() => {
      running = null
    }))
  app.decorate('sendNewsletters', async () => {
    await running?.catch(() => 0)
    return start()
  })
  const tick = () => {
    start().catch((err: unknown) => app.log.error({ err }, 'sending newsletters failed'))
  }
  const timer = setInterval(tick, everyMs)
  timer.unref()
  app.addHook('onReady', async () => tick())
  app.addHook('onClose', async () => {
    closing = true
    clearInterval(timer)
    await running?.catch(() => 0)
  })
}
