import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'

export const ADMIN_ROLE = 'admin'
/** Placeholder author of the demo posts while no admin exists; it can never log in (see first-admin.ts). */
export const SYSTEM_ROLE = 'system'

/** By username or email, case-insensitively. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const needle = login.toLowerCase()
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', needle), eb(eb.fn('lower', ['email']), '=', needle)]))
    .orderBy('created_at')
    .executeTakeFirst()
}

export async function findUserByRole(db: Db, role: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('role', '=', role).orderBy('created_at').executeTakeFirst()
}

export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute()
}

/** Turns the placeholder author into the real admin, so the demo posts keep a valid author. */
export async function promoteUser(db: Db, id: string, fields: Omit<UserRow, 'id'>): Promise<void> {
  await db.updateTable('users').set(fields).where('id', '=', id).execute()
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute()
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}
