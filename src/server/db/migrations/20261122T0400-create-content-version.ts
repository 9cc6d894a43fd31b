import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
// One row whose number goes up on every change to public content; every instance compares it to drop its page cache.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.insertInto('content_version').values({ id: 1, version: 0 }).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_version').ifExists().execute()
}
