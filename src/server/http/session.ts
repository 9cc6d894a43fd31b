import type { FastifyInstance } from 'fastify'
import type { UserRow } from '../db/schema.ts'
import { unauthorized } from '../errors.ts'
import { findSessionUser } from '../features/auth/sessions.repo.ts'
import { SESSION_COOKIE } from './cookies.ts'

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

export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionToken', null)
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE]
    if (token) {
      const user = await findSessionUser(app.ctx.db, token, app.ctx.clock())
      if (user) {
        request.user = user
        request.sessionToken = token
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
