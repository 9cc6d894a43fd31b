import { z } from 'zod'
import {
  AuthResponseSchema,
  ChangePasswordSchema,
  LoginSchema,
  SetupSchema,
  SetupStatusSchema,
} from '#shared/schemas/user.ts'
import { LoginResultSchema, LoginVerifySchema } from '#shared/schemas/security.ts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../context.ts'
import { SESSION_COOKIE, SESSION_MAX_AGE_S, cookieOptions } from '../../http/cookies.ts'
import { requireUser } from '../../http/session.ts'
import { readDevice, rememberDevice } from './login-device.ts'
import { changePassword, login, logout, needsSetup, setupAdmin, verifyLogin } from './auth.service.ts'
import { toUser } from './users.mappers.ts'

const OkSchema = z.object({ ok: z.literal(true) })

/** What the Sessions list shows about the session a login creates. */
export const sessionClient = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
})

export async function authRoutes(app: App): Promise<void> {
  const { db, env } = app.ctx
  const sessionCookie = cookieOptions(env.secureCookies, SESSION_MAX_AGE_S)
  const { maxAge: _maxAge, ...clearedCookie } = sessionCookie

  const signIn = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    // A fresh id at every login (no session fixation); the session the request came with ends.
    await logout(db, request.cookies[SESSION_COOKIE])
    reply.setCookie(SESSION_COOKIE, token, sessionCookie)
  }

  app.post(
    '/api/auth/login',
    { schema: { body: LoginSchema, response: { 200: LoginResultSchema } }, config: { keepsPublicContent: true } },
    async (request, reply) => {
      const now = app.ctx.clock()
      const network = app.ctx.keys.network(request.ip, now)
      const device = readDevice(app.ctx.keys, request)
      const result = await login(db, request.body, network, now, sessionClient(request), device)
      if ('ticket' in result) return { twoFactorRequired: true as const, ticket: result.ticket }
      await signIn(request, reply, result.token)
      rememberDevice(app.ctx.keys, request, reply, result.user.id, env.secureCookies)
      return { user: toUser(result.user) }
    },
  )

  app.post(
    '/api/auth/login/verify',
    {
      schema: { body: LoginVerifySchema, response: { 200: AuthResponseSchema } },
      config: { keepsPublicContent: true },
    },
    async (request, reply) => {
      const now = app.ctx.clock()
      const { user, token } = await verifyLogin(
        db,
        request.body,
        app.ctx.keys.network(request.ip, now),
        now,
        sessionClient(request),
      )
      await signIn(request, reply, token)
      rememberDevice(app.ctx.keys, request, reply, user.id, env.secureCookies)
      return { user: toUser(user) }
    },
  )

  app.get(
    '/api/auth/me',
    { schema: { response: { 200: AuthResponseSchema } }, config: { auth: 'admin' } },
    async (request) => ({
      user: toUser(requireUser(request)),
    }),
  )

  app.post(
    '/api/auth/logout',
    { schema: { response: { 200: OkSchema } }, config: { keepsPublicContent: true } },
    async (request, reply) => {
      await logout(db, request.cookies[SESSION_COOKIE])
      reply.clearCookie(SESSION_COOKIE, clearedCookie)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/auth/change-password',
    {
      schema: { body: ChangePasswordSchema, response: { 200: OkSchema } },
      config: { auth: 'admin', keepsPublicContent: true },
    },
    async (request) => {
      await changePassword(db, requireUser(request), request.sessionToken ?? '', request.body)
      return { ok: true as const }
    },
  )

  app.get('/api/auth/setup', { schema: { response: { 200: SetupStatusSchema } } }, async () => ({
    needsSetup: await needsSetup(db),
  }))

  app.post(
    '/api/auth/setup',
    { schema: { body: SetupSchema, response: { 201: AuthResponseSchema } } },
    async (request, reply) => {
      const { user, token } = await setupAdmin(db, request.body, app.ctx.clock(), sessionClient(request))
      reply.setCookie(SESSION_COOKIE, token, sessionCookie)
      return reply.status(201).send({ user: toUser(user) })
    },
  )
}
