import type { FastifyInstance } from 'fastify'

/** Longer than any query string of ours (a search is cut at 2,000 characters); past it the answer is 414. */
export const MAX_QUERY_LENGTH = 4096

/**
 * Refuses an overlong query string before any hook reads the URL, so no cache key, log entry or parsed query is
 * ever made from one. (Overlong path parameters are refused by the router: http/error-handler.ts.)
 */
export function registerUrlLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const at = request.url.indexOf('?')
    if (at !== -1 && request.url.length - at - 1 > MAX_QUERY_LENGTH)
      return reply.status(414).send({ error: 'Request URL is too long' })
  })
}
