import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../context.ts'
import { createPathLog, PATH_LOG_FLUSH_MS } from './path-log.ts'
import { redirectTarget } from './redirects.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the buffered 404 log and redirect hits now (also runs every 15 s and on close). */
    flushPathLog: () => Promise<void>
  }
}

// Only addresses a reader or a link could have asked for: not the API, built assets or the admin.
const LOGGED = (pathname: string) => !/^\/(api|assets|admin)(\/|$)/.test(pathname)

/**
 * Answers 301 when a rule covers a request that found nothing. Callers ask only for what would otherwise be a
 * 404, so ordinary pages never pay for the lookup.
 */
export async function replyWithRedirect(app: App, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const rule = await redirectTarget(app.ctx.db, request.url)
  if (!rule) return false
  reply
    .status(301)
    .header('Location', rule.toPath)
    .header('Cache-Control', 'public, max-age=300')
    .type('text/plain; charset=utf-8')
  reply.send(`Moved Permanently. Redirecting to ${rule.toPath}`)
  return true
}

/** The 404 log and redirect hit counts, fed by every answered page request (cached answers too). */
export function registerPathLog(app: App): void {
  const pathLog = createPathLog(app.ctx.db, app.log)
  app.decorate('flushPathLog', pathLog.flush)

  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET') return
    const status = reply.statusCode
    if (status !== 404 && status !== 301) return
    if (!LOGGED(request.url.split('?')[0] ?? '')) return
    if (status === 404) pathLog.notFound(request.url, request.headers.referer, app.ctx.clock())
    else pathLog.redirected(request.url)
  })

  const timer = setInterval(() => void pathLog.flush(), PATH_LOG_FLUSH_MS)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await pathLog.flush()
  })
}
