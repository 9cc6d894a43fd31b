/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

const SQLITE_INDEX = `detail=column, prefix='2 3 4 5 6', tokenize='unicode61 remove_diacritics 2'`

/**
 * Search rows carry their post's category and tags as words ("facets": `c` or `t` and the hex of the id's or tag
 * key's UTF-8, src/server/features/posts/search-facets.ts), so a search narrowed by either is one full-text query
 * (docs/decisions/015). SQLite's whole-post index gains a facets column. PostgreSQL gains published_search_words:
 * published posts' words alone (the document stripped of positions and weights, which no search reads) and their
 * facets as lexemes starting with '#', with its own full-text index. A public count visits only these narrow rows
 * (about 100 a page against post_search's 24) and tests no status. A trigger on post_search keeps the table, so every
 * writer (and a cascading delete) keeps it exact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (!postgres) await dropSqliteIndex(db)
  await sql`alter table post_search add column facets text not null default ''`.execute(db)
  const hex = (column: string) =>
    postgres ? sql.raw(`encode(convert_to(${column}, 'UTF8'), 'hex')`) : sql.raw(`lower(hex(${column}))`)
  const tags = postgres
    ? sql`(select string_agg(' t' || ${hex('t.tag_key')}, '') from post_tags t where t.post_id = post_search.post_id)`
    : sql`(select group_concat(' t' || ${hex('t.tag_key')}, '') from post_tags t where t.post_id = post_search.post_id)`
  await sql`update post_search set facets = trim(
    coalesce((select 'c' || ${hex('p.category_id')} from posts p where p.id = post_search.post_id and p.category_id is not null), '') || coalesce(${tags}, '')
  )`.execute(db)
  if (postgres) await createPublishedWords(db)
  else await createSqliteIndex(db, ['title', 'excerpt', 'body', 'tags', 'facets'])
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (postgres) {
    await sql`drop trigger if exists post_search_published_words on post_search`.execute(db)
    await sql`drop function if exists published_search_words_sync()`.execute(db)
    await sql`drop table if exists published_search_words`.execute(db)
  } else {
    await dropSqliteIndex(db)
  }
  await sql`alter table post_search drop column facets`.execute(db)
  if (!postgres) await createSqliteIndex(db, ['title', 'excerpt', 'body', 'tags'])
}

/** A published post's words and facets, from its post_search row. */
const publishedWords = (row: string) =>
  `strip(${row}.document) || array_to_tsvector(array(select '#' || f from unnest(string_to_array(${row}.facets, ' ')) f where f <> ''))`

/** published_search_words, the trigger that keeps it, filled from post_search (then indexed). */
async function createPublishedWords(db: Kysely<any>): Promise<void> {
  await sql`create table published_search_words (post_id text primary key, words tsvector not null)`.execute(db)
  await sql
    .raw(
      `create function published_search_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from published_search_words where post_id = old.post_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
        insert into published_search_words (post_id, words) values (new.post_id, ${publishedWords('new')});
      end if;
      return null;
    end $$`,
    )
    .execute(db)
  await sql`create trigger post_search_published_words after insert or update or delete on post_search
    for each row execute function published_search_words_sync()`.execute(db)
  await sql
    .raw(
      `insert into published_search_words (post_id, words) select s.post_id, ${publishedWords('s')} from post_search s where s.status = 'published'`,
    )
    .execute(db)
  await sql`create index published_search_words_idx on published_search_words using gin (words)`.execute(db)
}

async function dropSqliteIndex(db: Kysely<any>): Promise<void> {
  for (const trigger of ['post_search_ai', 'post_search_ad', 'post_search_au'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db)
  await sql`drop table if exists post_search_fts`.execute(db)
}

/** The whole-post FTS5 table over post_search and the triggers that keep it, filled from it. */
async function createSqliteIndex(db: Kysely<any>, columns: string[]): Promise<void> {
  const list = columns.join(', ')
  const values = (row: string) => columns.map((c) => `${row}.${c}`).join(', ')
  await sql
    .raw(
      `create virtual table post_search_fts using fts5(${list}, content='post_search', content_rowid='id', ${SQLITE_INDEX})`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger post_search_ai after insert on post_search begin
    insert into post_search_fts (rowid, ${list}) values (new.id, ${values('new')});
  end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger post_search_ad after delete on post_search begin
    insert into post_search_fts (post_search_fts, rowid, ${list}) values ('delete', old.id, ${values('old')});
  end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger post_search_au after update of id, ${list} on post_search begin
    insert into post_search_fts (post_search_fts, rowid, ${list}) values ('delete', old.id, ${values('old')});
    insert into post_search_fts (rowid, ${list}) values (new.id, ${values('new')});
  end`,
    )
    .execute(db)
  await sql`insert into post_search_fts (post_search_fts) values ('rebuild')`.execute(db)
}
