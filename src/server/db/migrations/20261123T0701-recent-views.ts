/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // Views per post per 10-minute slot (slot: ISO start, `YYYY-MM-DDTHH:M0`), kept two days: what the analytics
  // screen compares with a post's daily average to flag a sudden spike.
  await db.schema
    .createTable('post_views_recent')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('post_views_recent_pk', ['post_id', 'slot'])
    .execute()
  await db.schema.createIndex('post_views_recent_slot_idx').on('post_views_recent').column('slot').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_views_recent').ifExists().execute()
}
