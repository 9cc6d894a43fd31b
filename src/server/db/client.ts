import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'

export type Engine = 'sqlite' | 'postgres'
export type Db = Kysely<Database>
export type DbHandle = { db: Db; engine: Engine; close: () => Promise<void> }

// int8 (counts, sums) arrive as strings from pg; our numbers all fit in a double.
pg.types.setTypeParser(20, (v) => Number(v))

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; fileName?: string }): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, engine: 'postgres', close: () => db.destroy() }
  }
  fs.mkdirSync(opts.dataDir, { recursive: true })
  const sqlite = new SQLite(path.join(opts.dataDir, opts.fileName ?? 'blog.sqlite'))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { db, engine: 'sqlite', close: () => db.destroy() }
}
