import type { Transaction } from 'kysely'
import type { Db } from '../../db/client.ts'
import type { Database } from '../../db/schema.ts'

const LOCK_KEY = 'lock:bootstrap'

/**
 * Runs `fn` in a transaction that holds a cluster-wide lock, portable to both engines: it first inserts a row
 * with a unique key. A second holder's insert waits on the unique index until the first commits (PostgreSQL) or
 * waits for the write lock (SQLite); the row is deleted before commit, so the waiter then proceeds and, reading
 * after the wait, sees what the first one wrote. Used for "create the first admin" and "load the demo set".
 */
export async function withSetupLock<T>(db: Db, now: Date, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString()
    await trx
      .insertInto('site_settings')
      .values({ id: crypto.randomUUID(), key: LOCK_KEY, value: '', created_at: at, updated_at: at })
      .execute()
    const result = await fn(trx)
    await trx.deleteFrom('site_settings').where('key', '=', LOCK_KEY).execute()
    return result
  })
}
