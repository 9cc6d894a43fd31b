/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * Search whose cost does not grow with the blog (docs/decisions/010): SQLite's full-text index gains prefix
 * indexes (a typed prefix reads one list instead of merging every word it starts) and the post's status as a
 * column (a public count never joins); PostgreSQL gains a title-only document, so title matches are found from
 * their own small index instead of rechecking every body. SQLite's search rows are numbered by the post's time
 * (newest highest), so the index yields matches newest first and a page stops when it is full.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table post_search add column title_document tsvector generated always as (to_tsvector('simple', blog_fold(title))) stored`.execute(
      db,
    )
    await sql`create index post_search_title_idx on post_search using gin (title_document)`.execute(db)
    return
  }
  await sql`drop trigger if exists post_search_ai`.execute(db)
  await sql`drop trigger if exists post_search_ad`.execute(db)
  await sql`drop trigger if exists post_search_au`.execute(db)
  await sql`drop table if exists post_search_fts`.execute(db)
  await renumberByTime(db)
  await sql`create virtual table post_search_fts using fts5(
    title, excerpt, body, tags, status, content='post_search', content_rowid='id', prefix='2 3', tokenize='unicode61 remove_diacritics 2'
  )`.execute(db)
  await sql`create trigger post_search_ai after insert on post_search begin
    insert into post_search_fts (rowid, title, excerpt, body, tags, status) values (new.id, new.title, new.excerpt, new.body, new.tags, new.status);
  end`.execute(db)
  await sql`create trigger post_search_ad after delete on post_search begin
    insert into post_search_fts (post_search_fts, rowid, title, excerpt, body, tags, status) values ('delete', old.id, old.title, old.excerpt, old.body, old.tags, old.status);
  end`.execute(db)
  await sql`create trigger post_search_au after update of id, title, excerpt, body, tags, status on post_search begin
    insert into post_search_fts (post_search_fts, rowid, title, excerpt, body, tags, status) values ('delete', old.id, old.title, old.excerpt, old.body, old.tags, old.status);
    insert into post_search_fts (rowid, title, excerpt, body, tags, status) values (new.id, new.title, new.excerpt, new.body, new.tags, new.status);
  end`.execute(db)
  await sql`insert into post_search_fts (post_search_fts) values ('rebuild')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists post_search_title_idx`.execute(db)
    await sql`alter table post_search drop column if exists title_document`.execute(db)
    return
  }
  await sql`drop trigger if exists post_search_ai`.execute(db)
  await sql`drop trigger if exists post_search_ad`.execute(db)
  await sql`drop trigger if exists post_search_au`.execute(db)
  await sql`drop table if exists post_search_fts`.execute(db)
  await sql`create virtual table post_search_fts using fts5(
    title, excerpt, body, tags, content='post_search', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
  )`.execute(db)
  await sql`create trigger post_search_ai after insert on post_search begin
    insert into post_search_fts (rowid, title, excerpt, body, tags) values (new.id, new.title, new.excerpt, new.body, new.tags);
  end`.execute(db)
  await sql`create trigger post_search_ad after delete on post_search begin
    insert into post_search_fts (post_search_fts, rowid, title, excerpt, body, tags) values ('delete', old.id, old.title, old.excerpt, old.body, old.tags);
  end`.execute(db)
  await sql`create trigger post_search_au after update of title, excerpt, body, tags on post_search begin
    insert into post_search_fts (post_search_fts, rowid, title, excerpt, body, tags) values ('delete', old.id, old.title, old.excerpt, old.body, old.tags);
    insert into post_search_fts (rowid, title, excerpt, body, tags) values (new.id, new.title, new.excerpt, new.body, new.tags);
  end`.execute(db)
  await sql`insert into post_search_fts (post_search_fts) values ('rebuild')`.execute(db)
}

/** Frozen copy of the app's search-order-key.ts at the time of this migration. */
function orderKey(at: string | null, postId: string): number {
  const ms = Date.parse(at ?? '') || 0
  let hash = 0
  for (let i = 0; i < postId.length; i++) hash = (hash * 31 + postId.charCodeAt(i)) >>> 0
  return ms * 2 ** 10 + (hash % 2 ** 10)
}

async function renumberByTime(db: Kysely<any>): Promise<void> {
  const rows = await sql<{
    id: number
    post_id: string
    at: string | null
  }>`select s.id, s.post_id, coalesce(p.published_at, p.created_at) as at
    from post_search s join posts p on p.id = s.post_id`.execute(db)
  const used = new Set(rows.rows.map((r) => r.id))
  for (const row of rows.rows) {
    let key = orderKey(row.at, row.post_id)
    while (used.has(key)) key++
    used.add(key)
    await sql`update post_search set id = ${key} where post_id = ${row.post_id}`.execute(db)
  }
}
