import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { VISITOR_COOKIE, VISITOR_MAX_AGE_S, cookieOptions } from './cookies.ts'

const VISITOR_ID = /^[0-9a-f-]{36}$/

/** The anonymous visitor's id from its long-lived httpOnly cookie, set by the first call that needs it. */
export function visitorId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[VISITOR_COOKIE]
  if (existing && VISITOR_ID.test(existing)) return existing
  const id = randomUUID()
  reply.setCookie(VISITOR_COOKIE, id, cookieOptions(secure, VISITOR_MAX_AGE_S))
  return id
}

/** Read-only variant: never sets a cookie (GETs must not write). */
export function existingVisitorId(request: FastifyRequest): string | null {
  const existing = request.cookies[VISITOR_COOKIE]
  return existing && VISITOR_ID.test(existing) ? existing : null
}
