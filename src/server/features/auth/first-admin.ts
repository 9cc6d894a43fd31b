import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'
import { withSetupLock } from './setup-lock.repo.ts'
import { ADMIN_ROLE, SYSTEM_ROLE, findUserByRole, insertUser, promoteUser } from './users.repo.ts'

export type NewAdmin = { username: string; email: string; passwordHash: string }

export async function hasAdmin(db: Db): Promise<boolean> {
  return (await findUserByRole(db, ADMIN_ROLE)) !== undefined
}

/**
 * Creates the one admin, or returns null when an admin already exists. Safe when two setups (or two
 * instances starting with ADMIN_*) race: exactly one wins. If the demo seed created a placeholder author,
 * that row becomes the admin, so the demo posts are the admin's from then on.
 */
export async function createFirstAdmin(db: Db, admin: NewAdmin, now: Date): Promise<UserRow | null> {
  return withSetupLock(db, now, async (trx) => {
    if (await hasAdmin(trx)) return null
    const fields = {
      username: admin.username,
      email: admin.email,
      password_hash: admin.passwordHash,
      role: ADMIN_ROLE,
      created_at: now.toISOString(),
    }
    const placeholder = await findUserByRole(trx, SYSTEM_ROLE)
    if (placeholder) {
      await promoteUser(trx, placeholder.id, fields)
      return { id: placeholder.id, ...fields }
    }
    const row = { id: crypto.randomUUID(), ...fields }
    await insertUser(trx, row)
    return row
  })
}

/**
 * The author for demo posts: the admin, or else a placeholder that cannot log in (role 'system', no usable
 * password). Posts need an author row, and a fresh start without ADMIN_* must still show the demo posts;
 * the placeholder becomes the real admin at setup (see createFirstAdmin). Call it under withSetupLock.
 */
export async function demoAuthorId(db: Db, now: Date): Promise<string> {
  const author = (await findUserByRole(db, ADMIN_ROLE)) ?? (await findUserByRole(db, SYSTEM_ROLE))
  if (author) return author.id
  const id = crypto.randomUUID()
  await insertUser(db, {
    id,
    username: 'Lab of Life',
    email: `${id}@placeholder.invalid`,
    password_hash: '!', // matches no password: verifyPassword only accepts scrypt$… hashes
    role: SYSTEM_ROLE,
    created_at: now.toISOString(),
  })
  return id
}
