/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // Per day, post, dimension (source, referrer, utm_*, device, browser) and value: views, and visitors whose first
  // view that day was this post. Aggregates only: nothing here identifies a reader.
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'dimension', 'value', 'post_id'])
    .execute()
  await db.schema.createIndex('analytics_daily_post_idx').on('analytics_daily').columns(['post_id', 'day']).execute()
  // Today's readers (daily keyed hash of network and user agent): a reader's first view of the day, and "right now"
  // (who viewed what in the last minutes). Rows of earlier days are deleted: the hash is never kept past its day.
  await db.schema
    .createTable('analytics_visitors_today')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reader', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visitors_today_pk', ['day', 'reader'])
    .execute()
  await db.schema
    .createIndex('analytics_visitors_today_seen_idx')
    .on('analytics_visitors_today')
    .column('seen_at')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_visitors_today').ifExists().execute()
  await db.schema.dropTable('analytics_daily').ifExists().execute()
}
