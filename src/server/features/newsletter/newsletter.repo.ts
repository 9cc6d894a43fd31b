import { PostgresAdapter, sql } from 'kysely'
import type { Db, Trx } from '../../db/client.ts'
import type { DeliveryStatus } from '../../db/schema.ts'

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter

export type DeliveryKey = { post_id: string; subscriber_id: string }
export type Claimed = DeliveryKey & { attempts: number }

/** Remembers "do not email this post" (sendNewsletter false); a send already made stays as it is. */
export async function insertSkip(trx: Trx, postId: string, now: string): Promise<void> {
  await trx
    .insertInto('newsletter_sends')
    .values({ post_id: postId, skipped: 1, created_at: now, completed_at: now })
    .onConflict((oc) => oc.column('post_id').doNothing())
    .execute()
}

/** Forgets a skip for a post not public yet (the switch turned back on before it went out). */
export async function dropSkip(trx: Trx, postId: string): Promise<void> {
  await trx.deleteFrom('newsletter_sends').where('post_id', '=', postId).where('skipped', '=', 1).execute()
}

/**
 * The send of a post and one pending delivery per confirmed subscriber, or nothing when the post already has a send
 * row (sent, or skipped): the primary key makes "the first time" exact, on any instance.
 */
export async function startSend(trx: Trx, postId: string, now: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('newsletter_sends')
    .values({ post_id: postId, skipped: 0, created_at: now, completed_at: null })
    .onConflict((oc) => oc.column('post_id').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
  await trx
    .insertInto('newsletter_deliveries')
    .columns(['post_id', 'subscriber_id', 'status', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('subscribers')
        .select([
          sql<string>`${postId}`.as('post_id'),
          'id',
          sql<DeliveryStatus>`'pending'`.as('status'),
          sql<string>`${now}`.as('next_attempt_at'),
        ])
        .where('status', '=', 'subscribed'),
    )
    .execute()
  return true
}

const DUE = (now: string) =>
  sql<boolean>`(status = 'pending' and next_attempt_at <= ${now}) or (status = 'sending' and claimed_until < ${now})`

/**
 * Takes up to `limit` deliveries that are due (or whose claim ran out) for this worker until `until`. On
 * PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so instances claiming at once take different rows; on
 * SQLite the single writer serialises claims.
 */
export async function claimBatch(db: Db, at: { now: string; until: string }, limit: number): Promise<Claimed[]> {
  const result = isPostgres(db)
    ? await sql<Claimed>`
        update newsletter_deliveries d
        set status = 'sending', claimed_until = ${at.until}, attempts = d.attempts + 1
        from (
          select post_id, subscriber_id from newsletter_deliveries
          where ${DUE(at.now)}
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        ) c
        where d.post_id = c.post_id and d.subscriber_id = c.subscriber_id
        returning d.post_id, d.subscriber_id, d.attempts`.execute(db)
    : await sql<Claimed>`
        update newsletter_deliveries
        set status = 'sending', claimed_until = ${at.until}, attempts = attempts + 1
        where (post_id, subscriber_id) in (
          select post_id, subscriber_id from newsletter_deliveries
          where ${DUE(at.now)}
          order by next_attempt_at
          limit ${limit}
        )
        returning post_id, subscriber_id, attempts`.execute(db)
  return result.rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))
}

/** The address and status of these subscribers, read after the claim: who left meanwhile is not sent anything. */
export const subscribersByIds = (db: Db, ids: string[]) =>
  ids.length ? db.selectFrom('subscribers').select(['id', 'email', 'status']).where('id', 'in', ids).execute() : []

/** Ends this worker's claim on a delivery, only while it holds: a claim that ran out belongs to whoever took it next. */
export async function finish(
  db: Db,
  key: DeliveryKey,
  until: string,
  change: { status: DeliveryStatus; sent_at?: string; next_attempt_at?: string; last_error_code?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_deliveries')
    .set({ ...change, claimed_until: null })
    .where('post_id', '=', key.post_id)
    .where('subscriber_id', '=', key.subscriber_id)
    .where('status', '=', 'sending')
    .where('claimed_until', '=', until)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** A permanent refusal of the address: the delivery failed and the subscriber is bounced, in one transaction. */
export async function bounce(db: Db, key: DeliveryKey, until: string, code: string, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('newsletter_deliveries')
      .set({ status: 'failed', claimed_until: null, last_error_code: code })
      .where('post_id', '=', key.post_id)
      .where('subscriber_id', '=', key.subscriber_id)
      .where('status', '=', 'sending')
      .where('claimed_until', '=', until)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) return
    await trx
      .updateTable('subscribers')
      .set({ status: 'bounced', updated_at: now })
      .where('id', '=', key.subscriber_id)
      .where('status', '=', 'subscribed')
      .execute()
  })
}

/** Sends with nothing left pending or sending are complete. */
export async function completeSends(db: Db, postIds: string[], now: string): Promise<void> {
  if (!postIds.length) return
  await db
    .updateTable('newsletter_sends')
    .set({ completed_at: now })
    .where('post_id', 'in', postIds)
    .where('completed_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_deliveries as d')
            .select('d.post_id')
            .whereRef('d.post_id', '=', 'newsletter_sends.post_id')
            .where('d.status', 'in', ['pending', 'sending']),
        ),
      ),
    )
    .execute()
}

export type SendCounts = {
  post_id: string
  title: string
  slug: string
  created_at: string
  completed_at: string | null
  sent: number
  failed: number
  pending: number
}

/** Every post sent by email, newest first, with its deliveries counted by status. */
export async function sendCounts(db: Db, postId?: string): Promise<SendCounts[]> {
  let query = db
    .selectFrom('newsletter_sends as s')
    .innerJoin('posts as p', 'p.id', 's.post_id')
    .leftJoin('newsletter_deliveries as d', 'd.post_id', 's.post_id')
    .select((eb) => [
      's.post_id',
      'p.title',
      'p.slug',
      's.created_at',
      's.completed_at',
      eb.fn.sum<number | string>(sql`case when d.status = 'sent' then 1 else 0 end`).as('sent'),
      eb.fn.sum<number | string>(sql`case when d.status = 'failed' then 1 else 0 end`).as('failed'),
      eb.fn.sum<number | string>(sql`case when d.status in ('pending', 'sending') then 1 else 0 end`).as('pending'),
    ])
    .where('s.skipped', '=', 0)
    .groupBy(['s.post_id', 'p.title', 'p.slug', 's.created_at', 's.completed_at'])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.post_id')
  if (postId) query = query.where('s.post_id', '=', postId)
  const rows = await query.execute()
  return rows.map((r) => ({
    ...r,
    sent: Number(r.sent ?? 0),
    failed: Number(r.failed ?? 0),
    pending: Number(r.pending ?? 0),
  }))
}

/** Whether a post has a send row at all (sent or skipped): the editor's switch is then no longer offered. */
export const sendOf = (db: Db, postId: string) =>
  db.selectFrom('newsletter_sends').select(['post_id', 'skipped']).where('post_id', '=', postId).executeTakeFirst()

/** "Retry failed": the post's failed deliveries to subscribers still subscribed are pending again, due now. */
export async function retryFailed(db: Db, postId: string, now: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('newsletter_deliveries')
      .set({ status: 'pending', next_attempt_at: now, attempts: 0, last_error_code: null })
      .where('post_id', '=', postId)
      .where('status', '=', 'failed')
      .executeTakeFirst()
    const n = Number(result.numUpdatedRows)
    if (n) await trx.updateTable('newsletter_sends').set({ completed_at: null }).where('post_id', '=', postId).execute()
    return n
  })
}

/** A cheap read before the claim: an idle worker never takes the write lock. */
export async function anyDue(db: Db, now: string): Promise<boolean> {
  const row = await db.selectFrom('newsletter_deliveries').select('post_id').where(DUE(now)).limit(1).executeTakeFirst()
  return row !== undefined
}
