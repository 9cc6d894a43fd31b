/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // What the admin's "Sessions" list shows: an id that is not the token's hash, the browser and the address it
  // signed in from. Only the admin's own sessions are stored, never readers'.
  await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute()
  const existing = await db.selectFrom('sessions').select('id').execute()
  for (const row of existing)
    await db.updateTable('sessions').set({ public_id: randomUUID() }).where('id', '=', row.id).execute()
  await db.schema.createIndex('sessions_public_id_idx').on('sessions').column('public_id').unique().execute()

  // TOTP (RFC 6238). enabled_at null: enrolment started but not confirmed. last_step: the newest 30-second step
  // a code was accepted for, so a code cannot be used twice.
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  // Single-use recovery codes, stored as hashes only.
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('recovery_codes_user_hash_idx')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute()

  // The second login step: a short-lived, single-use ticket issued after a correct password (hash of it only).
  await db.schema
    .createTable('login_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('login_tickets_expires_idx').on('login_tickets').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_tickets').ifExists().execute()
  await db.schema.dropTable('recovery_codes').ifExists().execute()
  await db.schema.dropTable('user_two_factor').ifExists().execute()
  await db.schema.dropIndex('sessions_public_id_idx').ifExists().execute()
  await db.schema.alterTable('sessions').dropColumn('ip').execute()
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute()
  await db.schema.alterTable('sessions').dropColumn('public_id').execute()
}
