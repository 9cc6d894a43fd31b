import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { openDatabase, sqliteFile, type Db, type DbHandle } from './client.ts'

/** Where a dry run's copy of the SQLite database lives while it runs (with its -wal and -shm): DATA_DIR/dry-run. */
export const throwawayCopyDir = (dataDir: string) => path.join(dataDir, 'dry-run')

/** Removes a copy a crash left behind (called at start). */
export async function removeThrowawayCopy(dataDir: string): Promise<void> {
  await rm(throwawayCopyDir(dataDir), { recursive: true, force: true })
}

/**
 * Runs `fn` against a copy of the live SQLite database, then closes and deletes the copy, whatever `fn` did. The copy
 * is made with SQLite's online backup API, a hundred pages per turn of the event loop, so readers of the live
 * database are answered meanwhile. It goes next to the database (same disk, never a RAM-backed temp folder) and
 * needs free space the size of the database for as long as `fn` runs.
 */
export async function withThrowawayCopy<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const dir = throwawayCopyDir(dataDir)
  let copy: DbHandle | null = null
  try {
    await mkdir(dir, { recursive: true })
    const source = new SQLite(sqliteFile(dataDir), { readonly: true, fileMustExist: true })
    try {
      // One read transaction for the whole copy: a write to the live database between two steps would otherwise
      // restart the backup from its first page (and a busy blog could keep restarting it).
      source.exec('BEGIN')
      source.prepare('SELECT count(*) FROM sqlite_master').get()
      await source.backup(sqliteFile(dir))
    } finally {
      source.close()
    }
    copy = openDatabase({ dataDir: dir })
    // Nothing to keep safe from a power cut: no fsync at each commit, and no WAL to checkpoint when it closes.
    await sql`PRAGMA journal_mode = MEMORY`.execute(copy.db)
    await sql`PRAGMA synchronous = OFF`.execute(copy.db)
    return await fn(copy.db)
  } finally {
    // What cannot be removed now (the disk failed) goes at the next start.
    await copy?.close().catch(() => {})
    await rm(dir, { recursive: true, force: true }).catch(() => {})
  }
}
