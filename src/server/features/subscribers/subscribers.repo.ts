import { sql } from 'kysely'
import type { Db } from '../../db/client.ts'
import type { SubscriberRow } from '../../db/schema.ts'

export const findByEmail = (db: Db, email: string) =>
  db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst()

export const findByConfirmHash = (db: Db, hash: string) =>
  db.selectFrom('subscribers').selectAll().where('confirm_token_hash', '=', hash).executeTakeFirst()

export const findById = (db: Db, id: string) =>
  db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst()

/** A new pending row; false when the address arrived meanwhile (another request, another instance). */
export async function insertPending(db: Db, row: SubscriberRow): Promise<boolean> {
  const result = await db
    .insertInto('subscribers')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * Claims the right to send a confirmation: only when none went out since `sentBefore`, so two requests at once
 * send one email. Sets a fresh token hash and expiry, and for a former subscriber, pending again.
 */
export async function claimConfirmation(
  db: Db,
  id: string,
  claim: { hash: string; expiresAt: string; now: string; sentBefore: string },
): Promise<boolean> {
  const result = await db
    .updateTable('subscribers')
    .set({
      confirm_token_hash: claim.hash,
      confirm_expires_at: claim.expiresAt,
      confirm_sent_at: claim.now,
      updated_at: claim.now,
      status: sql<SubscriberRow['status']>`case when status = 'subscribed' then status else 'pending' end`,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('confirm_sent_at', 'is', null), eb('confirm_sent_at', '<=', claim.sentBefore)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** The email did not go out: let the next request try again at once. */
export async function releaseConfirmation(db: Db, id: string, sentAt: string): Promise<void> {
  await db
    .updateTable('subscribers')
    .set({ confirm_sent_at: null })
    .where('id', '=', id)
    .where('confirm_sent_at', '=', sentAt)
    .execute()
}

export async function markSubscribed(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('subscribers')
    .set({ status: 'subscribed', confirmed_at: now, unsubscribed_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '!=', 'subscribed')
    .execute()
}

export async function markUnsubscribed(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: now, confirm_token_hash: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '!=', 'unsubscribed')
    .execute()
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

export async function listPage(
  db: Db,
  filter: { email: string; status?: SubscriberRow['status'] },
  page: { limit: number; offset: number },
): Promise<{ rows: SubscriberRow[]; total: number }> {
  let query = db.selectFrom('subscribers')
  if (filter.email)
    query = query.where(sql<boolean>`email like ${`%${escapeLike(filter.email.toLowerCase())}%`} escape '\\'`)
  if (filter.status) query = query.where('status', '=', filter.status)
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export const allForExport = (db: Db) =>
  db.selectFrom('subscribers').selectAll().orderBy('created_at').orderBy('id').execute()

export async function countSubscribed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'subscribed')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function deleteSubscriber(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Which of these addresses no subscriber has yet. */
export async function unknownEmails(db: Db, emails: string[]): Promise<string[]> {
  const known = new Set<string>()
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db
      .selectFrom('subscribers')
      .select('email')
      .where('email', 'in', emails.slice(i, i + 500))
      .execute()
    for (const r of rows) known.add(r.email)
  }
  return emails.filter((e) => !known.has(e))
}

/** New subscribers in one transaction; an address that arrived meanwhile is left as it is. Returns those inserted. */
export async function insertMany(db: Db, rows: SubscriberRow[]): Promise<SubscriberRow[]> {
  const inserted: SubscriberRow[] = []
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const done = await trx
        .insertInto('subscribers')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .execute()
      inserted.push(...done)
    }
  })
  return inserted
}
