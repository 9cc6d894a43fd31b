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

const STATEMENT_CACHE = 500

/**
 * Kysely prepares every statement it runs; compiling the same SQL again costs more than running it. Prepared
 * statements are kept by their text (a bounded map) and reused, unless one is still busy with an open iterator.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>()
  const prepare = (source: string) => {
    const cached = cache.get(source)
    if (cached && !cached.busy) return cached
    const statement = sqlite.prepare(source)
    if (!cached) {
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!)
      cache.set(source, statement)
    }
    return statement
  }
  return new Proxy(sqlite, {
    get: (target, key) => {
      if (key === 'prepare') return prepare
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** Where the embedded database lives (backups read it through a second, read-only connection). */
export const sqliteFile = (dataDir: string, fileName = 'blog.sqlite') => path.join(dataDir, fileName)

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; fileName?: string }): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, engine: 'postgres', close: () => db.destroy() }
  }
  fs.mkdirSync(opts.dataDir, { recursive: true })
  const sqlite = new SQLite(sqliteFile(opts.dataDir, opts.fileName))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { db, engine: 'sqlite', close: () => db.destroy() }
}
