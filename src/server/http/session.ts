import type { FastifyInstance } from 'fastify'
import type { UserRow } from '../db/schema.ts'
import { unauthorized } from '../errors.ts'
import { findSessionUser, hashToken } from '../features/auth/sessions.repo.ts'
import { SESSION_COOKIE } from './cookies.ts'
import { unknownTokens } from './unknown-tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null
    sessionToken: string | null
  }
  interface FastifyContextConfig {
    /** 'admin': the route answers 401 without a session. Enumerated by the route-table test. */
    auth?: 'admin'
  }
}

/** How long a token that names no session is taken as unknown without asking the database again. */
export const UNKNOWN_TOKEN_TTL_MS = 30_000
const UNKNOWN_TOKENS_MAX = 10_000

export function registerSessions(app: FastifyInstance): void {
  const unknown = unknownTokens({ ttlMs: UNKNOWN_TOKEN_TTL_MS, max: UNKNOWN_TOKENS_MAX })
  app.decorateRequest('user', null)
  app.decorateRequest('sessionToken', null)
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE]
    if (token) {
      const now = app.ctx.clock()
      const hash = hashToken(token)
      if (!unknown.has(hash, now.getTime())) {
        const user = await findSessionUser(app.ctx.db, token, now, request.ip)
        if (user) {
          request.user = user
          request.sessionToken = token
        } else {
          unknown.add(hash, now.getTime())
        }
      }
    }
    // Before the body is read or validated: an anonymous caller learns nothing but 401.
    if (request.routeOptions.config?.auth === 'admin' && !request.user) unauthorized()
  })
}

/** The logged-in user, for handlers on auth: 'admin' routes. */
export function requireUser(request: { user: UserRow | null }): UserRow {
  return request.user ?? unauthorized()
}

/** The logged-in user and the token of the session the request came with. */
export function requireSession(request: { user: UserRow | null; sessionToken: string | null }): {
  user: UserRow
  token: string
} {
  const user = requireUser(request)
  return { user, token: request.sessionToken ?? unauthorized() }
}
