import { sql } from 'kysely'
import type pg from 'pg'
import type { Db } from './client.ts'

// PostgreSQL settings this blog changes from the defaults, each with its measured gain (docs/decisions/101).

/**
 * No JIT on any connection: compiling a statement costs 100–300 ms, and PostgreSQL starts at an estimated cost that
 * a search reaches while it reads a few thousand rows. Sent before the client's first query (a session setting, so
 * it holds behind a pooler in session mode; PgBouncer refuses an `options` startup parameter).
 */
export function tuneConnection(client: pg.PoolClient): void {
  client.query('set jit = off').catch(() => {})
}

/**
 * A search never reads post_search sequentially: its costs ignore that testing a row unpacks the post's stored
 * document, so for a word in most posts the planner picks a sequential scan that is 30 to 50 times slower than the
 * full-text index. Set for the search's own transaction, opened and set in one round trip.
 */
export async function withIndexedSearch<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql.raw('begin; set local enable_seqscan = off').execute(conn)
    try {
      const result = await run(conn)
      await sql.raw('commit').execute(conn)
      return result
    } catch (err) {
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => {})
      throw err
    }
  })
}
