/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

const TOKENIZE = `tokenize='unicode61 remove_diacritics 2'`
/** Number.MAX_SAFE_INTEGER: published rows become this minus their time key. */
const NEWEST = '9007199254740991'
/** Free room for the renumbering: every row number lies below it. */
const ASIDE = '1152921504606846976'

/**
 * SQLite's search index reads the newest matches forwards (docs/decisions/016). FTS5 reads a list backwards at a
 * cost that grows with the list, so published rows, numbered by time from 0 up, are renumbered NEWEST - their
 * number: the newest is the lowest, as unpublished rows (below 0) already were. Both full-text tables gain prefix
 * indexes up to 12 letters: a typed word longer than the longest prefix index made FTS5 merge the lists of every word
 * it begins, however many posts hold them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await dropIndexes(db)
  await flipPublished(db)
  await createIndexes(db, `detail=column, prefix='2 3 4 5 6 7 8 9 10 11 12', ${TOKENIZE}`)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await dropIndexes(db)
  await flipPublished(db)
  await createIndexes(db, `detail=column, prefix='2 3 4 5 6', ${TOKENIZE}`)
}

/** NEWEST - number for every published row (its own inverse), through free room so no two rows meet on the way. */
async function flipPublished(db: Kysely<any>): Promise<void> {
  await sql.raw(`update post_search set id = id + ${ASIDE} where id >= 0`).execute(db)
  await sql.raw(`update post_search set id = ${NEWEST} - (id - ${ASIDE}) where id >= ${ASIDE}`).execute(db)
}

async function dropIndexes(db: Kysely<any>): Promise<void> {
  for (const trigger of [
    'post_search_ai',
    'post_search_ad',
    'post_search_au',
    'post_title_ai',
    'post_title_ad',
    'post_title_au',
  ]) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db)
  }
  await sql`drop table if exists post_search_fts`.execute(db)
  await sql`drop table if exists post_title_fts`.execute(db)
}

/** The whole-post and title-only FTS5 tables over post_search, the triggers that keep them, filled from it. */
async function createIndexes(db: Kysely<any>, options: string): Promise<void> {
  const tables = [
    ['post_search_fts', ['title', 'excerpt', 'body', 'tags', 'facets'], 'post_search'],
    ['post_title_fts', ['title'], 'post_title'],
  ] as const
  for (const [table, columns, prefix] of tables) {
    const list = columns.join(', ')
    const values = (row: string) => columns.map((c) => `${row}.${c}`).join(', ')
    await sql
      .raw(`create virtual table ${table} using fts5(${list}, content='post_search', content_rowid='id', ${options})`)
      .execute(db)
    await sql
      .raw(
        `create trigger ${prefix}_ai after insert on post_search begin
      insert into ${table} (rowid, ${list}) values (new.id, ${values('new')});
    end`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger ${prefix}_ad after delete on post_search begin
      insert into ${table} (${table}, rowid, ${list}) values ('delete', old.id, ${values('old')});
    end`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger ${prefix}_au after update of id, ${list} on post_search begin
      insert into ${table} (${table}, rowid, ${list}) values ('delete', old.id, ${values('old')});
      insert into ${table} (rowid, ${list}) values (new.id, ${values('new')});
    end`,
      )
      .execute(db)
    await sql.raw(`insert into ${table} (${table}) values ('rebuild')`).execute(db)
  }
}
