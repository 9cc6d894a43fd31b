/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // Posts whose change the fediverse has not been told about yet: written in the post's own transaction, removed in
  // the transaction that records what followers were told, so a kill in between leaves the mark for the next start.
  // No foreign key: a deleted post keeps its mark until its Delete is queued. Each change writes a new token, so a
  // change made while the previous one is being announced keeps its mark (only the token announced is removed).
  await db.schema
    .createTable('fediverse_pending_posts')
    .addColumn('post_id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fediverse_pending_posts').ifExists().execute()
}
