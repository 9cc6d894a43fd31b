/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * PostgreSQL: the searched words' statistics track the 5,000 commonest words instead of 1,000, so the planner knows
 * how many posts a typed prefix matches. Prose has more than 1,000 words each in one post in twenty or more (1,814 in
 * the benchmark's 20,000 posts); with the default, a prefix whose words are not among those tracked is estimated at
 * 0.5 % of the posts, and a search that should walk a few dozen posts by date sorts thousands instead (22.8 ms
 * against 0.5 for `flebri` in 20,000 posts, which matches 4,209: docs/decisions/017). A longer list costs planning
 * time (a search's statement: 0.58 ms at the default, 1.0 at 500, 1.56 at 1,000); 500 gave the fastest searches at
 * 100,000 posts and nearly the fastest at 20,000. SQLite has no such estimate.
 */
const COLUMNS = [
  ['published_search_words', 'words'],
  ['post_search', 'title_document'],
] as const

export async function up(db: Kysely<any>): Promise<void> {
  await setStatistics(db, 500)
}

export async function down(db: Kysely<any>): Promise<void> {
  await setStatistics(db, -1)
}

async function setStatistics(db: Kysely<any>, target: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const [table, column] of COLUMNS) {
    await sql.raw(`alter table ${table} alter column ${column} set statistics ${target}`).execute(db)
    await sql.raw(`analyze ${table} (${column})`).execute(db)
  }
}
