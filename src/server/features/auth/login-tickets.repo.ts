import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import { hashToken } from './sessions.repo.ts'

/** Long enough to open an authenticator app and type a code. */
export const LOGIN_TICKET_TTL_MS = 5 * 60 * 1000

/** Issued only after a correct password; the ticket itself is returned, its hash stored. */
export async function createLoginTicket(db: Db, userId: string, now: Date): Promise<string> {
  const ticket = randomBytes(32).toString('base64url')
  await db
    .insertInto('login_tickets')
    .values({
      id: hashToken(ticket),
      user_id: userId,
      expires_at: new Date(now.getTime() + LOGIN_TICKET_TTL_MS).toISOString(),
    })
    .execute()
  return ticket
}

/** The user a live ticket was issued to. */
export async function findTicketUserId(db: Db, ticket: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('login_tickets')
    .select('user_id')
    .where('id', '=', hashToken(ticket))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.user_id
}

/** Single use: true only for the one caller that removed the live ticket. */
export async function consumeLoginTicket(db: Db, ticket: string, now: Date): Promise<boolean> {
  const result = await db
    .deleteFrom('login_tickets')
    .where('id', '=', hashToken(ticket))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function deleteExpiredLoginTickets(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('login_tickets').where('expires_at', '<=', now.toISOString()).execute()
}

/** A password change voids the tickets the old password earned. */
export async function deleteUserLoginTickets(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('login_tickets').where('user_id', '=', userId).execute()
}
