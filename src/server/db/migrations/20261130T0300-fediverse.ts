/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // Fedify's key-value store (caches, idempotence marks): the key is the JSON of Fedify's key array.
  await db.schema
    .createTable('fediverse_kv')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull()) // JSON
    .addColumn('expires_at', 'text')
    .execute()
  await db.schema.createIndex('fediverse_kv_expires_idx').on('fediverse_kv').column('expires_at').execute()
  // Fedify's message queue (fan-out, outgoing deliveries, incoming activities), shared by every instance.
  await db.schema
    .createTable('fediverse_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull()) // JSON
    .addColumn('ordering_key', 'text')
    .addColumn('deliver_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('fediverse_queue_due_idx').on('fediverse_queue').columns(['deliver_at', 'id']).execute()
  // The actor's settings and key pairs (name → JSON).
  await db.schema
    .createTable('fediverse_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('fediverse_followers')
    .addColumn('actor_id', 'text', (c) => c.primaryKey())
    .addColumn('inbox', 'text', (c) => c.notNull())
    .addColumn('shared_inbox', 'text')
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('url', 'text')
    .addColumn('follow_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('fediverse_followers_created_idx')
    .on('fediverse_followers')
    .columns(['created_at', 'actor_id'])
    .execute()
  await db.schema
    .createTable('fediverse_blocks')
    .addColumn('actor_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // What the fediverse was last told about a post: its object id and whether it is out there (created) or deleted.
  await db.schema
    .createTable('fediverse_articles')
    .addColumn('post_id', 'text', (c) => c.primaryKey())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull()) // created | deleted
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'fediverse_articles',
    'fediverse_blocks',
    'fediverse_followers',
    'fediverse_state',
    'fediverse_queue',
    'fediverse_kv',
  ])
    await db.schema.dropTable(table).ifExists().execute()
}
