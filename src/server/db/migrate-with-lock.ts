import { sql } from 'kysely'
import type { DbHandle } from './client.ts'
import { migrateToLatest } from './migrate.ts'

const MIGRATION_LOCK_ID = 7_311_2026

/**
 * On PostgreSQL, instances starting together serialise on an advisory lock held on one connection,
 * so only the first creates Kysely's own tables and runs the migrations; the others then find nothing to do.
 */
export async function migrateWithLock(database: DbHandle): Promise<void> {
  if (database.engine !== 'postgres') return migrateToLatest(database.db)
  await database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn)
    try {
      await migrateToLatest(conn)
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn)
    }
  })
}
