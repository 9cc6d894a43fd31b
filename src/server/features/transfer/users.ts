import { ADMIN_ROLE, SYSTEM_ROLE } from '../auth/auth.service.ts'
import type { Records } from './backup-format.ts'
import type { ImportRun } from './merge.ts'
import * as repo from './transfer.repo.ts'

/** A password hash that matches no password (verifyPassword accepts only scrypt$… hashes). */
const NO_PASSWORD = '!'

/**
 * The user an imported author becomes. The same user (by id, username or email) is reused; with an admin already
 * here, every imported author is that admin (so an import through the admin never adds a user). Into an instance
 * without one, the backup's admin comes back with its id: with its password hash when the run may restore secrets,
 * otherwise as a placeholder that cannot log in and that the setup form (or ADMIN_USERNAME/ADMIN_PASSWORD) turns
 * into the admin, keeping its posts.
 */
export async function mapUser(run: ImportRun, user: Records['users']): Promise<string> {
  const matches = await repo.findUsersMatching(run.db, user)
  const same = matches.find((m) => m.id === user.id) ?? matches[0]
  if (same) return same.id
  const admin = await repo.findUserByRole(run.db, ADMIN_ROLE)
  if (admin) return admin.id
  const placeholder = await repo.findUserByRole(run.db, SYSTEM_ROLE)
  const restoreAsAdmin = user.role === ADMIN_ROLE && !!user.passwordHash && run.withSecrets
  if (!restoreAsAdmin && placeholder) return placeholder.id
  await repo.insertUser(run.db, {
    id: user.id,
    username: user.username,
    email: user.email,
    password_hash: restoreAsAdmin ? user.passwordHash! : NO_PASSWORD,
    role: restoreAsAdmin ? ADMIN_ROLE : SYSTEM_ROLE,
    created_at: user.createdAt,
  })
  run.report.created('users')
  if (user.role === ADMIN_ROLE && !restoreAsAdmin) {
    run.report.warn(
      `The admin account "${user.username}" was restored without its password: create the admin at /admin (or start with ADMIN_USERNAME and ADMIN_PASSWORD) and the restored posts become theirs`,
    )
  }
  return user.id
}

/** The author of posts from another platform: the admin, or the placeholder until there is one. */
export async function importAuthorId(run: ImportRun): Promise<string> {
  const author = (await repo.findUserByRole(run.db, ADMIN_ROLE)) ?? (await repo.findUserByRole(run.db, SYSTEM_ROLE))
  if (author) return author.id
  return mapUser(run, {
    id: crypto.randomUUID(),
    username: 'Lab of Life',
    email: `${crypto.randomUUID()}@placeholder.invalid`,
    role: SYSTEM_ROLE,
    createdAt: run.now.toISOString(),
  })
}
