import { createHash, randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { RESET_LINK_INVALID, type ResetPasswordInput } from '#shared/schemas/password-reset.ts'
import type { Db } from '../../db/client.ts'
import { AppError, badRequest } from '../../errors.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { LOGIN_LIMIT, refuseIfSpent, takeOrThrow } from '../rate-limit/rate-limit.service.ts'
import { getSiteIdentity } from '../settings/site-identity.service.ts'
import { deleteUserLoginTickets } from './login-tickets.repo.ts'
import { hashPassword } from './password.ts'
import { passwordResetEmail } from './password-reset-email.ts'
import { claimReset, consumeReset, findResetUserId, releaseReset } from './password-resets.repo.ts'
import { hashToken } from './sessions.repo.ts'
import { deleteUserSessions } from './sessions.repo.ts'
import { ADMIN_ROLE, findUserById, findUserByLogin, updatePasswordHash } from './users.repo.ts'

const MINUTE = 60 * 1000
export const RESET_VALID_MS = 60 * MINUTE
export const RESET_EVERY_MS = 10 * MINUTE
export const NOT_SET_UP = 'Password reset by email is not set up'

export type PasswordResets = { db: Db; publicUrl: string; mailer: Mailer | null; log: FastifyBaseLogger }

/** Like logins: the network's budget, and the one every request naming this login shares (the name is hashed). */
const forgotBuckets = (login: string, network: string) => [
  `forgot-net:${network}`,
  `forgot-name:${createHash('sha256').update(login.toLowerCase()).digest('base64url').slice(0, 22)}`,
]

/**
 * Mails a reset link to the account's address. The caller always gets the same answer, and the email goes out after
 * it, so neither the answer nor its timing tells whether the account exists. At most one email per account every
 * 10 minutes.
 */
export async function requestPasswordReset(s: PasswordResets, login: string, network: string, now: Date) {
  const mailer = s.mailer ?? notSetUp()
  const buckets = forgotBuckets(login, network)
  await refuseIfSpent(s.db, buckets, LOGIN_LIMIT, now)
  await takeOrThrow(s.db, buckets, LOGIN_LIMIT, now)
  const user = await findUserByLogin(s.db, login)
  if (user?.role !== ADMIN_ROLE) return
  const token = randomBytes(32).toString('base64url')
  const at = now.toISOString()
  const claimed = await claimReset(s.db, user.id, {
    hash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_VALID_MS).toISOString(),
    now: at,
    sentBefore: new Date(now.getTime() - RESET_EVERY_MS).toISOString(),
  })
  if (!claimed) return
  const siteName = (await getSiteIdentity(s.db)).title
  const resetUrl = `${s.publicUrl}/admin/reset-password?token=${token}`
  mailer.send(passwordResetEmail(siteName, user.email, user.username, resetUrl)).catch(async (err: unknown) => {
    // Only codes: an SMTP server's message may quote the address.
    const { code, responseCode } = (err ?? {}) as { code?: string; responseCode?: number }
    s.log.warn({ user: user.id, code, responseCode }, 'password reset email not sent')
    await releaseReset(s.db, user.id, at).catch(() => {})
  })
}

/** Sets the new password from a live link, uses the link up and ends every session and half-done login. */
export async function resetPasswordWithLink(db: Db, input: ResetPasswordInput, now: Date): Promise<void> {
  const hash = hashToken(input.token)
  const userId = (await findResetUserId(db, hash, now)) ?? badRequest(RESET_LINK_INVALID)
  const user = await findUserById(db, userId)
  if (user?.role !== ADMIN_ROLE) badRequest(RESET_LINK_INVALID)
  const passwordHash = await hashPassword(input.password)
  await db.transaction().execute(async (trx) => {
    if (!(await consumeReset(trx, hash, now))) badRequest(RESET_LINK_INVALID)
    await updatePasswordHash(trx, userId, passwordHash)
    await deleteUserLoginTickets(trx, userId)
    await deleteUserSessions(trx, userId)
  })
}

const notSetUp = (): never => {
  throw new AppError(503, NOT_SET_UP)
}
