import { createHash } from 'node:crypto'
import { LOGIN_EXPIRED_MESSAGE } from '#shared/schemas/security.ts'
import type { ChangePasswordInput, LoginInput, SetupInput } from '#shared/schemas/user.ts'
import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../errors.ts'
import { LOGIN_LIMIT, giveBack, refuseIfSpent, takeOrThrow } from '../rate-limit/rate-limit.service.ts'
import { createFirstAdmin, hasAdmin } from './first-admin.ts'
import type { LoginDevice } from './login-device.ts'
import { forgetSetupToken, isSetupToken } from './setup-token.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts'
import {
  consumeLoginTicket,
  createLoginTicket,
  deleteUserLoginTickets,
  findTicketUserId,
} from './login-tickets.repo.ts'
import { createSession, deleteOtherSessions, deleteSession, type SessionClient } from './sessions.repo.ts'
import { INVALID_CODE, TWO_FACTOR_LIMIT, acceptCode, isTwoFactorOn, twoFactorBuckets } from './two-factor.service.ts'
import { ADMIN_ROLE, findUserById, findUserByLogin, updatePasswordHash } from './users.repo.ts'

export { ADMIN_ROLE, SYSTEM_ROLE } from './users.repo.ts'

export const INVALID_LOGIN = 'Invalid username or password'
export const SETUP_DONE = 'Setup has already been completed'
export const SETUP_TOKEN_WRONG = 'This setup link is not valid: open the one printed in the server’s log'
export const LOGIN_EXPIRED = LOGIN_EXPIRED_MESSAGE

export type SignedIn = { user: UserRow; token: string }
/** The password was right and the account has two-factor on: the code is asked for with this ticket. */
export type CodeNeeded = { ticket: string }

/**
 * Which budgets a login attempt spends (OWASP's device cookie): the network's always; then the device's own when the
 * browser carries a device token for this account, or else the budget every unknown device shares for this login
 * name. Names are counted as typed (lowercased), so a username and an email share nothing: a lockout on one says
 * nothing about which account the other belongs to. The name is hashed, never stored.
 */
export function loginBuckets(login: string, userId: string | undefined, device: LoginDevice | null, network: string) {
  const trusted = device && userId && device.userId === userId
  const name = createHash('sha256').update(login.toLowerCase()).digest('base64url').slice(0, 22)
  return [`login-net:${network}`, trusted ? `login-device:${device.nonce}` : `login-name:${name}`]
}

/**
 * A budget already spent answers 429 before anything is counted or checked, so a refused attempt writes nothing.
 * Otherwise the attempt is counted first, atomically: whatever the concurrency, at most 5 password checks run per
 * window and budget. A correct password gives its hits back. An unknown user is verified against a dummy hash so
 * both failures cost the same time.
 */
export async function login(
  db: Db,
  input: LoginInput,
  network: string,
  now: Date,
  client: SessionClient = {},
  device: LoginDevice | null = null,
): Promise<SignedIn | CodeNeeded> {
  const login = input.username.trim()
  const found = await findUserByLogin(db, login)
  const user = found?.role === ADMIN_ROLE ? found : undefined
  const buckets = loginBuckets(login, found?.id, device, network)
  await refuseIfSpent(db, buckets, LOGIN_LIMIT, now)
  await takeOrThrow(db, buckets, LOGIN_LIMIT, now)

  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()))
  if (!user || !valid) throw new AppError(401, INVALID_LOGIN)
  await giveBack(db, buckets)
  if (await isTwoFactorOn(db, user.id)) return { ticket: await createLoginTicket(db, user.id, now) }
  return { user, token: await createSession(db, user.id, now, client) }
}

/**
 * The second step: a live ticket (issued by a correct password) and a code. The attempt counts against the code
 * budget before the code is checked; the ticket is used up only by a correct code, so a typo can be corrected.
 */
export async function verifyLogin(
  db: Db,
  input: { ticket: string; code: string },
  network: string,
  now: Date,
  client: SessionClient = {},
): Promise<SignedIn> {
  const userId = (await findTicketUserId(db, input.ticket, now)) ?? unauthorized(LOGIN_EXPIRED)
  const buckets = twoFactorBuckets(userId, network)
  await refuseIfSpent(db, buckets, TWO_FACTOR_LIMIT, now)
  await takeOrThrow(db, buckets, TWO_FACTOR_LIMIT, now)
  const user = await findUserById(db, userId)
  if (user?.role !== ADMIN_ROLE) return unauthorized(LOGIN_EXPIRED)
  if (!(await acceptCode(db, userId, input.code, now))) throw new AppError(401, INVALID_CODE)
  if (!(await consumeLoginTicket(db, input.ticket, now))) unauthorized(LOGIN_EXPIRED)
  await giveBack(db, buckets)
  return { user, token: await createSession(db, user.id, now, client) }
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteSession(db, token)
}

/** Success keeps the current session and ends every other one of that user, and any half-done two-step login. */
export async function changePassword(
  db: Db,
  user: UserRow,
  currentToken: string,
  input: ChangePasswordInput,
): Promise<void> {
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) badRequest('Current password is incorrect')
  await updatePasswordHash(db, user.id, await hashPassword(input.newPassword))
  await deleteOtherSessions(db, user.id, currentToken)
  await deleteUserLoginTickets(db, user.id)
}

export async function needsSetup(db: Db): Promise<boolean> {
  return !(await hasAdmin(db))
}

/**
 * One-time "Create admin account": needs the setup token from the server's log, is refused once an admin exists,
 * race-safe, uses the token up and logs the new admin in.
 */
export async function setupAdmin(db: Db, input: SetupInput, now: Date, client: SessionClient = {}): Promise<SignedIn> {
  // Cheap checks first so a finished setup or a stranger never costs a password hash.
  if (await hasAdmin(db)) conflict(SETUP_DONE)
  if (!(await isSetupToken(db, input.setupToken))) {
    // A setup that lost the race to one that used the token up is told that setup is done.
    if (await hasAdmin(db)) conflict(SETUP_DONE)
    forbidden(SETUP_TOKEN_WRONG)
  }
  const passwordHash = await hashPassword(input.password)
  const user =
    (await createFirstAdmin(db, { username: input.username, email: input.email.toLowerCase(), passwordHash }, now)) ??
    conflict(SETUP_DONE)
  await forgetSetupToken(db)
  return { user, token: await createSession(db, user.id, now, client) }
}

/** What first-run setup, the demo seed and housekeeping use of this feature. */
export { createFirstAdmin, demoAuthorId, hasAdmin } from './first-admin.ts'
export { deleteExpiredLoginTickets } from './login-tickets.repo.ts'
export { hashPassword } from './password.ts'
export { setupToken } from './setup-token.ts'
export { withSetupLock } from './setup-lock.repo.ts'
