import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Db, Engine } from './client.ts'
import { sqliteFile } from './client.ts'
import type { Database } from './schema.ts'

export type SnapshotTarget = { db: Db; engine: Engine; dataDir: string }

/**
 * Runs `fn` against one consistent view of the database, without holding up the site: on PostgreSQL a
 * REPEATABLE READ transaction on one pooled connection; on SQLite a read transaction on a second, read-only
 * connection (WAL lets writers go on meanwhile). A backup made this way is never a torn copy.
 */
export async function withReadSnapshot<T>(target: SnapshotTarget, fn: (db: Db) => Promise<T>): Promise<T> {
  if (target.engine === 'postgres') {
    return target.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => fn(trx))
  }
  const connection = new SQLite(sqliteFile(target.dataDir), { readonly: true, fileMustExist: true })
  connection.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) })
  try {
    return await db.transaction().execute((trx) => fn(trx))
  } finally {
    await db.destroy()
  }
}
