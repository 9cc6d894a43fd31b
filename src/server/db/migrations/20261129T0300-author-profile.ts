/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

/**
 * The author's public profile (Settings → Account): the name bylines show, a short bio and an uploaded avatar. A
 * table of its own, one row per user who filled it in, so the login's own row (and all that reads it) stays as it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('author_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('display_name', 'text')
    .addColumn('bio', 'text')
    .addColumn('avatar', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('author_profiles').ifExists().execute()
}
