import type { SessionInfo } from '#shared/schemas/security.ts'
import type { Db } from '../../db/client.ts'
import type { UserRow } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import { toSessionInfo } from './sessions.mappers.ts'
import { deleteOtherSession, deleteOtherSessions, hashToken, listSessions } from './sessions.repo.ts'

/** The admin's live sessions: the one this request came with first (marked `current`), then the most recently used. */
export async function mySessions(db: Db, user: UserRow, currentToken: string, now: Date): Promise<SessionInfo[]> {
  const currentHash = hashToken(currentToken)
  const sessions = (await listSessions(db, user.id, now)).map((row) => toSessionInfo(row, currentHash))
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)]
}

/** Signs out one other session; the current one ends with logout instead. */
export async function signOutSession(db: Db, user: UserRow, currentToken: string, publicId: string): Promise<void> {
  if (!(await deleteOtherSession(db, user.id, publicId, currentToken))) notFound('Session')
}

export async function signOutOtherSessions(
  db: Db,
  user: UserRow,
  currentToken: string,
): Promise<{ signedOut: number }> {
  return { signedOut: await deleteOtherSessions(db, user.id, currentToken) }
}

/** Housekeeping's part of this feature. */
export { deleteIdleSessions } from './sessions.repo.ts'
