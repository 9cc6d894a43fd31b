import type { FastifyReply, FastifyRequest } from 'fastify'
import type { DbTrouble } from '../db/db-trouble.ts'
import { plainPage } from './plain-page.ts'

/** Seconds a client (or balancer) is asked to wait: a restarted database is usually back within this. */
export const RETRY_AFTER_SECONDS = 5

export const UNAVAILABLE_MESSAGES: Record<DbTrouble, string> = {
  unreachable: 'The blog cannot reach its database right now. Please try again in a few seconds.',
  'not-writable': 'The blog cannot save changes right now. Please try again later.',
}

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !request.url.startsWith('/api/') &&
  String(request.headers.accept ?? '').includes('text/html')

/** 503 for a request the database could not serve: a page for browsers, `{error}` for everything else. */
export function replyUnavailable(request: FastifyRequest, reply: FastifyReply, trouble: DbTrouble): FastifyReply {
  reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store')
  const message = UNAVAILABLE_MESSAGES[trouble]
  if (!wantsPage(request)) return reply.send({ error: message })
  return reply
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    .send(plainPage('Temporarily unavailable', message))
}
