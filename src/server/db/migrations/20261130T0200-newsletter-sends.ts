/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per post that has been decided about: inserted (ON CONFLICT DO NOTHING) when the post first becomes
  // public, so its primary key makes "the first time" exact. `skipped` = 1: saved with sendNewsletter false, no
  // deliveries (a scheduled post keeps that choice until its time).
  await db.schema
    .createTable('newsletter_sends')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute()
  // One row per (post, subscriber), filled from the confirmed subscribers when the send starts: the durable job.
  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('post_id', 'text', (c) => c.notNull().references('newsletter_sends.post_id').onDelete('cascade'))
    .addColumn('subscriber_id', 'text', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull()) // pending | sending | sent | failed | skipped
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error_code', 'text')
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['post_id', 'subscriber_id'])
    .execute()
  // The worker's claim: due pending rows, and sending rows whose claim ran out.
  await db.schema
    .createIndex('newsletter_deliveries_due_idx')
    .on('newsletter_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute()
  await db.schema
    .createIndex('newsletter_deliveries_claim_idx')
    .on('newsletter_deliveries')
    .columns(['status', 'claimed_until'])
    .execute()
  await db.schema
    .createIndex('newsletter_deliveries_subscriber_idx')
    .on('newsletter_deliveries')
    .column('subscriber_id')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').ifExists().execute()
  await db.schema.dropTable('newsletter_sends').ifExists().execute()
}
