import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** A session unused for this long ends. */
export const SESSION_IDLE_MS = 30 * DAY_MS
/** A session ends this long after its login, however often it is used. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS
const TOUCH_EVERY_MS = 60 * 60 * 1000
const USER_AGENT_MAX = 400

export type SessionClient = { userAgent?: string | null; ip?: string | null }

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

const isExpired = (session: { created_at: string; last_seen_at: string }, now: Date) =>
  now.getTime() - new Date(session.last_seen_at).getTime() > SESSION_IDLE_MS ||
  now.getTime() - new Date(session.created_at).getTime() > SESSION_LIFETIME_MS

/** Returns the cookie token; only its hash is stored, with the browser and address the admin signed in from. */
export async function createSession(db: Db, userId: string, now: Date, client: SessionClient = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const at = now.toISOString()
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      public_id: crypto.randomUUID(),
      user_id: userId,
      user_agent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: client.ip || null,
      created_at: at,
      last_seen_at: at,
    })
    .execute()
  return token
}

/**
 * The user of a live session, or undefined when the token names none (never issued, ended, or past its idle or
 * absolute limit). Slides the idle expiry forward and notes the current address, written at most hourly.
 */
export async function findSessionUser(db: Db, token: string, now: Date, ip?: string): Promise<UserRow | undefined> {
  const id = hashToken(token)
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.last_seen_at as session_last_seen_at', 'sessions.created_at as session_created_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const { session_last_seen_at: lastSeen, session_created_at: createdAt, ...user } = row
  if (isExpired({ created_at: createdAt, last_seen_at: lastSeen }, now)) {
    await db.deleteFrom('sessions').where('id', '=', id).execute()
    return undefined
  }
  if (now.getTime() - new Date(lastSeen).getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString(), ...(ip ? { ip } : {}) })
      .where('id', '=', id)
      .execute()
  }
  return user
}

export type SessionListRow = {
  id: string
  public_id: string | null
  user_agent: string | null
  ip: string | null
  created_at: string
  last_seen_at: string
}

/** A user's live sessions, most recently used first. */
export async function listSessions(db: Db, userId: string, now: Date): Promise<SessionListRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'public_id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute()
  return rows.filter((row) => !isExpired(row, now))
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute()
}

/** Ends one of the user's sessions other than `keepToken`'s; false when there is no such session. */
export async function deleteOtherSession(
  db: Db,
  userId: string,
  publicId: string,
  keepToken: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .where('id', '!=', hashToken(keepToken))
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Ends every session of the user but `keepToken`'s; returns how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepToken: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', hashToken(keepToken))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Ends every session of the user (a password reset from the shell); returns how many ended. */
export async function deleteUserSessions(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Sessions past their idle or absolute limit (they would be refused anyway); run by housekeeping. */
export async function deleteIdleSessions(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('last_seen_at', '<', new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
        eb('created_at', '<', new Date(now.getTime() - SESSION_LIFETIME_MS).toISOString()),
      ]),
    )
    .execute()
}
