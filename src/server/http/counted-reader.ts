import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context.ts'
import { existingVisitorId, issueVisitorId } from './visitor.ts'

/** Who a like or view comes from, in forms that identify no one: nothing raw is kept. */
export type CountedReader = {
  /** From a validly signed visitor cookie; null without one (forged and unsigned values included). */
  visitorId: string | null
  /** Hands out a new signed visitor cookie and returns its id. */
  issue: () => string
  /** The client's network (IPv4 address, IPv6 /64), hashed with today's key: what the per-network caps count. */
  network: string
  /** Network and user agent, hashed with today's key: who a reader without a cookie is taken to be. */
  anonymous: string
}

export function countedReader(request: FastifyRequest, reply: FastifyReply, ctx: AppContext, now: Date): CountedReader {
  return {
    visitorId: existingVisitorId(request, ctx.keys),
    issue: () => issueVisitorId(reply, ctx.keys, ctx.env.secureCookies),
    network: ctx.keys.network(request.ip, now),
    anonymous: ctx.keys.anonymousReader(request.ip, request.headers['user-agent'] ?? '', now),
  }
}
