/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

const TOKENIZE = `tokenize='unicode61 remove_diacritics 2'`

/**
 * SQLite's search index at 100,000 posts (docs/decisions/015). Unpublished posts' search rows move below 0 (-1 - their
 * number), so a public search reads `rowid >= 0` and never a draft's entries, and the status leaves the index. Both
 * full-text tables keep no word positions (`detail=column`: nothing reads them; lists about a third as long) and
 * gain prefix indexes up to 6 letters. Triggers keep them as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await dropIndexes(db)
  await renumberPublishedBefore1970(db)
  await sql`update post_search set id = -1 - id where status <> 'published' and id >= 0`.execute(db)
  await createIndexes(db, {
    whole: ['title', 'excerpt', 'body', 'tags'],
    title: ['title'],
    options: `detail=column, prefix='2 3 4 5 6', ${TOKENIZE}`,
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await dropIndexes(db)
  await sql`update post_search set id = -1 - id where id < 0`.execute(db)
  await createIndexes(db, {
    whole: ['title', 'excerpt', 'body', 'tags', 'status'],
    title: ['title', 'status'],
    options: `prefix='2 3', ${TOKENIZE}`,
  })
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
async function createIndexes(
  db: Kysely<any>,
  shape: { whole: string[]; title: string[]; options: string },
): Promise<void> {
  for (const [table, columns, prefix] of [
    ['post_search_fts', shape.whole, 'post_search'],
    ['post_title_fts', shape.title, 'post_title'],
  ] as const) {
    const list = columns.join(', ')
    const values = (row: string) => columns.map((c) => `${row}.${c}`).join(', ')
    await sql
      .raw(
        `create virtual table ${table} using fts5(${list}, content='post_search', content_rowid='id', ${shape.options})`,
      )
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

/** Published posts dated before 1970 had numbers below 0; they move to the smallest free ones from 0 up. */
async function renumberPublishedBefore1970(db: Kysely<any>): Promise<void> {
  const rows = await sql<{
    post_id: string
  }>`select post_id from post_search where status = 'published' and id < 0 order by id`.execute(db)
  let next = 0
  for (const row of rows.rows) {
    for (;;) {
      const taken = await sql`select 1 from post_search where id = ${next}`.execute(db)
      if (!taken.rows.length) break
      next++
    }
    await sql`update post_search set id = ${next} where post_id = ${row.post_id}`.execute(db)
  }
}
