import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'

export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000
const TOUCH_EVERY_MS = 60 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Returns the cookie token; only its hash is stored. */
export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const at = now.toISOString()
  await db.insertInto('sessions').values({ id: hashToken(token), user_id: userId, created_at: at, last_seen_at: at }).execute()
  return token
}

/** The user of a live session, sliding its idle expiry forward (written at most hourly). */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  const id = hashToken(token)
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const lastSeen = new Date(row.session_last_seen_at).getTime()
  if (now.getTime() - lastSeen > SESSION_IDLE_MS) {
    await db.deleteFrom('sessions').where('id', '=', id).execute()
    return undefined
  }
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id).execute()
  }
  const { session_last_seen_at: _, ...user } = row
  return user
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute()
}

export async function deleteOtherSessions(db: Db, userId: string, keepToken: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', hashToken(keepToken)).execute()
}

/** Sessions idle for longer than the limit (they would be refused anyway); run at start. */
export async function deleteIdleSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('last_seen_at', '<', new Date(now.getTime() - SESSION_IDLE_MS).toISOString()).execute()
}
