import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type ControlledTransaction,
  type Driver,
  type Transaction,
} from 'kysely'
import pg from 'pg'
import { tuneConnection } from './postgres-tuning.ts'
import type { Database } from './schema.ts'

export type Engine = 'sqlite' | 'postgres'
export type Db = Kysely<Database>
/** A database or a transaction on it: what a write inside the caller's transaction takes. */
export type Trx = Transaction<Database> | Db
/** A transaction committed or rolled back by hand (an import's batches), not by a callback's end. */
export type OpenTransaction = ControlledTransaction<Database>
export type DbHandle = {
  db: Db
  engine: Engine
  close: () => Promise<void>
  /** Called when a pooled PostgreSQL connection dies (server restart, pg_terminate_backend, idle_session_timeout). */
  onConnectionLost?: (listener: (err: Error) => void) => void
}

// int8 (counts, sums) arrive as strings from pg; our numbers all fit in a double.
pg.types.setTypeParser(20, (v) => Number(v))

const STATEMENT_CACHE = 500
/** While PostgreSQL is unreachable, a request waits at most this long for a connection before it answers 503. */
const CONNECT_TIMEOUT_MS = 3000

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

/**
 * SQLite rolls a transaction back by itself after some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM). Kysely's
 * ROLLBACK then failed with "cannot rollback - no transaction is active", and that error replaced the one that
 * mattered: a full disk answered 500 instead of 503. The rollback is skipped when there is nothing left to roll back.
 */
class SqliteDialectKeepingCause extends SqliteDialect {
  readonly #sqlite: SQLite.Database

  constructor(sqlite: SQLite.Database) {
    super({ database: withStatementCache(sqlite) })
    this.#sqlite = sqlite
  }

  override createDriver(): Driver {
    const driver = super.createDriver()
    const rollback = driver.rollbackTransaction.bind(driver)
    driver.rollbackTransaction = async (connection) => {
      if (this.#sqlite.inTransaction) await rollback(connection)
    }
    return driver
  }
}

/** Where the embedded database lives (backups read it through a second, read-only connection). */
export const sqliteFile = (dataDir: string, fileName = 'blog.sqlite') => path.join(dataDir, fileName)

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; fileName?: string }): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    })
    const listeners: Array<(err: Error) => void> = []
    const lost = (err: Error) => listeners.forEach((listener) => listener(err))
    // An unhandled 'error' event ends the process. The pool emits one for an idle client whose connection died (and
    // drops that client); a checked-out client emits its own, so every client gets a listener too. Its next query
    // then fails like any other, and the pool replaces it on release.
    pool.on('error', lost)
    pool.on('connect', (client) => {
      client.on('error', lost)
      tuneConnection(client)
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return {
      db,
      engine: 'postgres',
      close: () => db.destroy(),
      onConnectionLost: (listener) => listeners.push(listener),
    }
  }
  fs.mkdirSync(opts.dataDir, { recursive: true })
  const sqlite = new SQLite(sqliteFile(opts.dataDir, opts.fileName))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const db = new Kysely<Database>({ dialect: new SqliteDialectKeepingCause(sqlite) })
  return { db, engine: 'sqlite', close: () => db.destroy() }
}
