import { z } from 'zod'
import {
  AuthResponseSchema,
  ChangePasswordSchema,
  LoginSchema,
  SetupSchema,
  SetupStatusSchema,
} from '#shared/schemas/user.ts'
import type { App } from '../../context.ts'
import { SESSION_COOKIE, SESSION_MAX_AGE_S, cookieOptions } from '../../http/cookies.ts'
import { requireUser } from '../../http/session.ts'
import { changePassword, login, logout, needsSetup, setupAdmin } from './auth.service.ts'
import { toUser } from './users.mappers.ts'

const OkSchema = z.object({ ok: z.literal(true) })

export async function authRoutes(app: App): Promise<void> {
  const { db, env } = app.ctx
  const sessionCookie = cookieOptions(env.secureCookies, SESSION_MAX_AGE_S)
  const { maxAge: _maxAge, ...clearedCookie } = sessionCookie

  app.post('/api/auth/login', { schema: { body: LoginSchema, response: { 200: AuthResponseSchema } }, config: { keepsPublicContent: true } }, async (request, reply) => {
    const { user, token } = await login(db, request.body, request.ip, app.ctx.clock())
    // A fresh id at every login (no session fixation); the session the request came with ends.
    await logout(db, request.cookies[SESSION_COOKIE])
    reply.setCookie(SESSION_COOKIE, token, sessionCookie)
    return { user: toUser(user) }
  })

  app.get('/api/auth/me', { schema: { response: { 200: AuthResponseSchema } }, config: { auth: 'admin' } }, async (request) => ({
    user: toUser(requireUser(request)),
  }))

  app.post('/api/auth/logout', { schema: { response: { 200: OkSchema } }, config: { keepsPublicContent: true } }, async (request, reply) => {
    await logout(db, request.cookies[SESSION_COOKIE])
    reply.clearCookie(SESSION_COOKIE, clearedCookie)
    return { ok: true as const }
  })

  app.post(
    '/api/auth/change-password',
    { schema: { body: ChangePasswordSchema, response: { 200: OkSchema } }, config: { auth: 'admin', keepsPublicContent: true } },
    async (request) => {
      await changePassword(db, requireUser(request), request.sessionToken ?? '', request.body)
      return { ok: true as const }
    },
  )

  app.get('/api/auth/setup', { schema: { response: { 200: SetupStatusSchema } } }, async () => ({ needsSetup: await needsSetup(db) }))

  app.post('/api/auth/setup', { schema: { body: SetupSchema, response: { 201: AuthResponseSchema } } }, async (request, reply) => {
    const { user, token } = await setupAdmin(db, request.body, app.ctx.clock())
    reply.setCookie(SESSION_COOKIE, token, sessionCookie)
    return reply.status(201).send({ user: toUser(user) })
  })
}
