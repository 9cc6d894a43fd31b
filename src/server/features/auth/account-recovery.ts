import { NewPassword } from '#shared/schemas/user.ts'
import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { deleteUserLoginTickets } from './login-tickets.repo.ts'
import { hashPassword } from './password.ts'
import { deleteUserSessions } from './sessions.repo.ts'
import { deleteTwoFactor } from './two-factor.repo.ts'
import { isTwoFactorOn } from './two-factor.service.ts'
import { ADMIN_ROLE, findUserByLogin, updatePasswordHash } from './users.repo.ts'

// A way back in for an owner who lost the password or the authenticator, run from the server's shell: whoever can
// run it can already read the database, so it asks for nothing else.

async function findAdmin(db: Db, login: string): Promise<UserRow> {
  const user = await findUserByLogin(db, login.trim())
  if (user?.role !== ADMIN_ROLE) throw new AppError(404, `No admin account has the username or email "${login}"`)
  return user
}

/**
 * Sets a new password and ends every session and half-done two-step login of the account. The password is asked
 * for only once the account is found.
 */
export async function resetPassword(
  db: Db,
  login: string,
  askPassword: (username: string) => Promise<string>,
): Promise<{ username: string; sessionsEnded: number }> {
  const user = await findAdmin(db, login)
  const checked = NewPassword.safeParse(await askPassword(user.username))
  if (!checked.success) throw new AppError(400, checked.error.issues[0]!.message)
  const passwordHash = await hashPassword(checked.data)
  const sessionsEnded = await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash)
    await deleteUserLoginTickets(trx, user.id)
    return deleteUserSessions(trx, user.id)
  })
  return { username: user.username, sessionsEnded }
}

/** Turns two-factor authentication off: the secret and the recovery codes go; false when it was already off. */
export async function turnOffTwoFactor(db: Db, login: string): Promise<{ username: string; wasOn: boolean }> {
  const user = await findAdmin(db, login)
  const wasOn = await isTwoFactorOn(db, user.id)
  await db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, user.id)
    await deleteUserLoginTickets(trx, user.id)
  })
  return { username: user.username, wasOn }
}
