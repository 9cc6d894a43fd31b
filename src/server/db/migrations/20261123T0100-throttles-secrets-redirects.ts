/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // One counter row per throttle bucket (a fixed window that starts with its first hit): counting is one atomic
  // upsert on both engines, and the table holds one row per bucket, however many requests arrive.
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute()
  await db.schema.dropTable('rate_events').ifExists().execute()

  // Server-side secrets shared by every instance (the key that signs visitor cookies and hashes readers' IPs).
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  // Old paths that answer 301 to their new place: slug changes, imports from other platforms, rules added by hand.
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_path', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('redirects_to_idx').on('redirects').column('to_path').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('redirects').ifExists().execute()
  await db.schema.dropTable('server_secrets').ifExists().execute()
  await db.schema.dropTable('rate_limits').ifExists().execute()
  await db.schema
    .createTable('rate_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
