import { z } from 'zod'
import {
  RecoveryCodesSchema,
  SessionInfoSchema,
  SignedOutSchema,
  TwoFactorConfirmSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '#shared/schemas/security.ts'
import type { App } from '../../context.ts'
import { requireSession, requireUser } from '../../http/session.ts'
import { mySessions, signOutOtherSessions, signOutSession } from './sessions.service.ts'
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor.service.ts'

// Session ids are UUIDs; anything else is refused before it reaches the database (NUL bytes included).
const SessionParams = z.object({ id: z.string().regex(/^[0-9a-f-]{1,64}$/i, 'Invalid session id') })
const OkSchema = z.object({ ok: z.literal(true) })
// None of these change what a public page shows.
const admin = { auth: 'admin', keepsPublicContent: true } as const

/** Settings → Security: the admin's sessions and two-factor authentication. */
export async function securityRoutes(app: App): Promise<void> {
  const { db } = app.ctx
  const network = (ip: string) => app.ctx.keys.network(ip, app.ctx.clock())

  app.get(
    '/api/auth/sessions',
    { schema: { response: { 200: z.array(SessionInfoSchema) } }, config: admin },
    async (request) => {
      const { user, token } = requireSession(request)
      return mySessions(db, user, token, app.ctx.clock())
    },
  )

  app.delete(
    '/api/auth/sessions/:id',
    { schema: { params: SessionParams, response: { 200: OkSchema } }, config: admin },
    async (request) => {
      const { user, token } = requireSession(request)
      await signOutSession(db, user, token, request.params.id)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/auth/sessions/sign-out-others',
    { schema: { response: { 200: SignedOutSchema } }, config: admin },
    async (request) => {
      const { user, token } = requireSession(request)
      return signOutOtherSessions(db, user, token)
    },
  )

  app.get(
    '/api/auth/two-factor',
    { schema: { response: { 200: TwoFactorStatusSchema } }, config: admin },
    async (request) => twoFactorStatus(db, requireUser(request).id),
  )

  app.post(
    '/api/auth/two-factor/setup',
    { schema: { response: { 200: TwoFactorSetupSchema } }, config: admin },
    async (request) => startTwoFactorSetup(db, requireUser(request), app.ctx.clock()),
  )

  app.post(
    '/api/auth/two-factor/enable',
    { schema: { body: TwoFactorConfirmSchema, response: { 200: RecoveryCodesSchema } }, config: admin },
    async (request) => enableTwoFactor(db, requireUser(request), request.body, network(request.ip), app.ctx.clock()),
  )

  app.post(
    '/api/auth/two-factor/disable',
    { schema: { body: TwoFactorConfirmSchema, response: { 200: OkSchema } }, config: admin },
    async (request) => {
      await disableTwoFactor(db, requireUser(request), request.body, network(request.ip), app.ctx.clock())
      return { ok: true as const }
    },
  )

  app.post(
    '/api/auth/two-factor/recovery-codes',
    { schema: { body: TwoFactorConfirmSchema, response: { 200: RecoveryCodesSchema } }, config: admin },
    async (request) =>
      regenerateRecoveryCodes(db, requireUser(request), request.body, network(request.ip), app.ctx.clock()),
  )
}
