import { z } from 'zod'
import {
  FORGOT_ANSWER,
  ForgotAnswerSchema,
  ForgotPasswordSchema,
  PasswordResetInfoSchema,
  ResetPasswordSchema,
} from '#shared/schemas/password-reset.ts'
import type { App } from '../../context.ts'
import { requestPasswordReset, resetPasswordWithLink } from './password-reset.service.ts'

const OkSchema = z.object({ ok: z.literal(true) })

/** "Forgot password?": offered only when the blog can send email. */
export async function passwordResetRoutes(app: App): Promise<void> {
  const { db, env, mailer } = app.ctx
  const resets = { db, publicUrl: env.publicUrl, mailer, log: app.log }

  app.get('/api/auth/forgot-password', { schema: { response: { 200: PasswordResetInfoSchema } } }, async () => ({
    enabled: Boolean(mailer),
  }))

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { body: ForgotPasswordSchema, response: { 202: ForgotAnswerSchema } },
      config: { keepsPublicContent: true },
    },
    async (request, reply) => {
      const now = app.ctx.clock()
      await requestPasswordReset(resets, request.body.login, app.ctx.keys.network(request.ip, now), now)
      return reply.status(202).send({ message: FORGOT_ANSWER })
    },
  )

  app.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordSchema, response: { 200: OkSchema } }, config: { keepsPublicContent: true } },
    async (request) => {
      await resetPasswordWithLink(db, request.body, app.ctx.clock())
      return { ok: true as const }
    },
  )
}
