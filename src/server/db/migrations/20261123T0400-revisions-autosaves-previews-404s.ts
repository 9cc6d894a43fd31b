/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // The editor's working copy, kept apart from posts so readers' queries never see it: one row per post
  // ('new' for a post not created yet), replaced by every autosave, removed by a real save.
  await db.schema
    .createTable('post_autosaves')
    .addColumn('post_key', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .execute()

  // A snapshot per save, the newest 50 per post within a size budget (pruned at write time).
  await db.schema
    .createTable('post_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('post_revisions_post_idx')
    .on('post_revisions')
    .columns(['post_id', 'created_at'])
    .execute()

  // One secret share link per post: deleting the row revokes it.
  await db.schema
    .createTable('post_previews')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  // Paths that answered 404: counted in memory and written in batches, pruned to a fixed number of rows.
  await db.schema
    .createTable('not_found_log')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('not_found_log_rank_idx').on('not_found_log').columns(['hits', 'last_seen_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('not_found_log').ifExists().execute()
  await db.schema.dropTable('post_previews').ifExists().execute()
  await db.schema.dropTable('post_revisions').ifExists().execute()
  await db.schema.dropTable('post_autosaves').ifExists().execute()
}
