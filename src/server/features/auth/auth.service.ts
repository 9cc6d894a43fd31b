import type { ChangePasswordInput, LoginInput, SetupInput } from '#shared/schemas/user.ts'
import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'
import { AppError, badRequest, conflict } from '../../errors.ts'
import { LOGIN_LIMIT, assertUnderLimit, countEvent } from '../rate-limit/rate-limit.ts'
import { createFirstAdmin, hasAdmin } from './first-admin.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts'
import { createSession, deleteOtherSessions, deleteSession } from './sessions.repo.ts'
import { ADMIN_ROLE, findUserByLogin, updatePasswordHash } from './users.repo.ts'

export const INVALID_LOGIN = 'Invalid username or password'
export const SETUP_DONE = 'Setup has already been completed'

export type SignedIn = { user: UserRow; token: string }

/**
 * Checks the throttle first (a blocked username or IP gets 429 even with the right password), then the
 * password. An unknown user is verified against a dummy hash so both failures cost the same time.
 */
export async function login(db: Db, input: LoginInput, ip: string, now: Date): Promise<SignedIn> {
  const login = input.username.trim()
  const buckets = [`login-user:${login.toLowerCase()}`, `login-ip:${ip}`]
  for (const bucket of buckets) await assertUnderLimit(db, bucket, LOGIN_LIMIT, now)

  const found = await findUserByLogin(db, login)
  const user = found?.role === ADMIN_ROLE ? found : undefined
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()))
  if (!user || !valid) {
    for (const bucket of buckets) await countEvent(db, bucket, now)
    throw new AppError(401, INVALID_LOGIN)
  }
  return { user, token: await createSession(db, user.id, now) }
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteSession(db, token)
}

/** Success keeps the current session and ends every other one of that user. */
export async function changePassword(db: Db, user: UserRow, currentToken: string, input: ChangePasswordInput): Promise<void> {
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) badRequest('Current password is incorrect')
  await updatePasswordHash(db, user.id, await hashPassword(input.newPassword))
  await deleteOtherSessions(db, user.id, currentToken)
}

export async function needsSetup(db: Db): Promise<boolean> {
  return !(await hasAdmin(db))
}

/** One-time "Create admin account": refused once an admin exists, race-safe, logs the new admin in. */
export async function setupAdmin(db: Db, input: SetupInput, now: Date): Promise<SignedIn> {
  // Cheap check first so a finished setup never pays for a password hash.
  if (await hasAdmin(db)) conflict(SETUP_DONE)
  const passwordHash = await hashPassword(input.password)
  const user = (await createFirstAdmin(db, { username: input.username, email: input.email.toLowerCase(), passwordHash }, now)) ?? conflict(SETUP_DONE)
  return { user, token: await createSession(db, user.id, now) }
}
