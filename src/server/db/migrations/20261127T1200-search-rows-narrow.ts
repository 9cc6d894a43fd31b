/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * PostgreSQL: published_search_words keeps a post's title words out of line, as its body words already are, so a
 * row holds its id, its time and two pointers (about 130 bytes, 61 rows a page, instead of about 330 and 24). A
 * count, and each slice's list, visit the heap page of every match (PostgreSQL 15.20 does so even for a count on a
 * table whose pages are all visible), so fewer, fuller pages make them cheaper: a word's count in one slice of 4,000
 * posts took 0.30 ms instead of 0.50–0.58 (docs/decisions/097).
 *
 * PostgreSQL moves values out of line only when a row is longer than about 2 kB, and then until it is shorter than
 * the table's `toast_tuple_target`: a post of a few hundred words or more has such a row, and at 128 its title words
 * go out of line too. A shorter post's row stays whole, as before. Rewriting the column (to itself) rewrites every
 * row under the new target, and rebuilds the table's indexes, the slices' too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await narrow(db, 'set (toast_tuple_target = 128)')
}

export async function down(db: Kysely<any>): Promise<void> {
  await narrow(db, 'reset (toast_tuple_target)')
}

async function narrow(db: Kysely<any>, option: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql.raw(`alter table published_search_words ${option}`).execute(db)
  // `|| ''` is the identity on tsvector; a column computed by an expression makes PostgreSQL rewrite the table.
  await sql`alter table published_search_words alter column title_words type tsvector using title_words || ''::tsvector`.execute(
    db,
  )
  await sql`analyze published_search_words`.execute(db)
}
