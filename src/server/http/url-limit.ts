import type { FastifyInstance } from 'fastify'

/** Longer than any query string of ours (a search is cut at 2,000 characters); past it the answer is 414. */
export const MAX_QUERY_LENGTH = 4096
/** Longer than any path of ours: a redirect's 500-character source fits with every character percent-encoded. */
export const MAX_PATH_LENGTH = 8192

/**
 * Refuses an overlong path or query string before any hook reads the URL, so no cache key, log entry, parsed query
 * or rendered page is ever made from one (a page for a made-up 15 KB path cost 3 ms and tens of MB of garbage at
 * flood rates). Overlong path parameters are refused by the router (http/error-handler.ts). Callback style: every
 * request passes here.
 */
export function registerUrlLimit(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request
    const at = url.indexOf('?')
    const pathLength = at === -1 ? url.length : at
    if (pathLength > MAX_PATH_LENGTH || (at !== -1 && url.length - at - 1 > MAX_QUERY_LENGTH)) {
      reply.status(414).send({ error: 'Request URL is too long' })
      return
    }
    done()
  })
}
