import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import type { Db } from './client.ts'
import * as createCoreTables from './migrations/20261122T0300-create-core-tables.ts'
import * as createContentVersion from './migrations/20261122T0400-create-content-version.ts'

// Listed explicitly (not read from disk) so the bundled server carries its migrations.
const MIGRATIONS: Record<string, Migration> = {
  '20261122T0300-create-core-tables': createCoreTables,
  '20261122T0400-create-content-version': createContentVersion,
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS }

/** Idempotent; Kysely's Migrator takes a lock, so two instances starting at once on PostgreSQL are safe. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) throw new Error(`Migration failed: ${failed?.migrationName ?? ''} ${String(error ?? '')}`)
}
