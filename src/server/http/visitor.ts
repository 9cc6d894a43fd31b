import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { VISITOR_COOKIE, VISITOR_MAX_AGE_S, cookieOptions } from './cookies.ts'
import type { ReaderKeys } from './reader-keys.ts'

const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The anonymous visitor's id from its long-lived httpOnly cookie, signed with the server secret. A missing,
 * unsigned or forged value is no cookie at all: null. Read-only, so GETs never write.
 */
export function existingVisitorId(request: FastifyRequest, keys: ReaderKeys): string | null {
  const cookie = request.cookies[VISITOR_COOKIE]
  const id = cookie ? keys.unsign(cookie) : null
  return id && VISITOR_ID.test(id) ? id : null
}

/** Hands out a new visitor id in a signed cookie. */
export function issueVisitorId(reply: FastifyReply, keys: ReaderKeys, secure: boolean): string {
  const id = randomUUID()
  reply.setCookie(VISITOR_COOKIE, keys.sign(id), cookieOptions(secure, VISITOR_MAX_AGE_S))
  return id
}
