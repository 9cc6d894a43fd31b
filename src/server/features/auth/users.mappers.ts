import type { User } from '#shared/schemas/user.ts'
import type { UserRow } from '../../db/schema.ts'

/** The only way a user leaves the server: never the password hash. */
export function toUser(row: UserRow): User {
  return { id: row.id, username: row.username, email: row.email, role: row.role, createdAt: row.created_at }
}
