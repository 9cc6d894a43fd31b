/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

const SQLITE_INDEX = `detail=column, prefix='2 3 4 5 6', tokenize='unicode61 remove_diacritics 2'`

/**
 * Search rows carry their post's category and tags as words ("facets": `c` or `t` and the hex of the id's or tag
 * key's UTF-8, src/server/features/posts/search-facets.ts), so a search narrowed by either is one full-text query
 * (docs/decisions/015). SQLite's whole-post index gains a facets column; PostgreSQL's published_search_words gains
 * them as lexemes starting with '#'. Filled from posts and post_tags.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (!postgres) await dropSqliteIndex(db)
  await sql`alter table post_search add column facets text not null default ''`.execute(db)
  if (postgres) await syncPublishedWords(db, true)
  const hex = (column: string) => (postgres ? sql.raw(`encode(convert_to(${column}, 'UTF8'), 'hex')`) : sql.raw(`lower(hex(${column}))`))
  const tags = postgres
    ? sql`(select string_agg(' t' || ${hex('t.tag_key')}, '') from post_tags t where t.post_id = post_search.post_id)`
    : sql`(select group_concat(' t' || ${hex('t.tag_key')}, '') from post_tags t where t.post_id = post_search.post_id)`
  await sql`update post_search set facets = trim(
    coalesce((select 'c' || ${hex('p.category_id')} from posts p where p.id = post_search.post_id and p.category_id is not null), '') || coalesce(${tags}, '')
  )`.execute(db)
  if (!postgres) await createSqliteIndex(db, ['title', 'excerpt', 'body', 'tags', 'facets'])
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (postgres) await syncPublishedWords(db, false)
  else await dropSqliteIndex(db)
  await sql`alter table post_search drop column facets`.execute(db)
  if (postgres) {
    await sql`delete from published_search_words`.execute(db)
    await sql`insert into published_search_words (post_id, words) select post_id, strip(document) from post_search where status = 'published'`.execute(db)
  } else {
    await createSqliteIndex(db, ['title', 'excerpt', 'body', 'tags'])
  }
}

/** The trigger's function that keeps published_search_words, with or without the facet lexemes. */
async function syncPublishedWords(db: Kysely<any>, withFacets: boolean): Promise<void> {
  const words = withFacets
    ? `strip(new.document) || array_to_tsvector(array(select '#' || f from unnest(string_to_array(new.facets, ' ')) f where f <> ''))`
    : 'strip(new.document)'
  await sql.raw(`create or replace function published_search_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from published_search_words where post_id = old.post_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
        insert into published_search_words (post_id, words) values (new.post_id, ${words});
      end if;
      return null;
    end $$`).execute(db)
}

async function dropSqliteIndex(db: Kysely<any>): Promise<void> {
  for (const trigger of ['post_search_ai', 'post_search_ad', 'post_search_au']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db)
  await sql`drop table if exists post_search_fts`.execute(db)
}

/** The whole-post FTS5 table over post_search and the triggers that keep it, filled from it. */
async function createSqliteIndex(db: Kysely<any>, columns: string[]): Promise<void> {
  const list = columns.join(', ')
  const values = (row: string) => columns.map((c) => `${row}.${c}`).join(', ')
  await sql.raw(`create virtual table post_search_fts using fts5(${list}, content='post_search', content_rowid='id', ${SQLITE_INDEX})`).execute(db)
  await sql.raw(`create trigger post_search_ai after insert on post_search begin
    insert into post_search_fts (rowid, ${list}) values (new.id, ${values('new')});
  end`).execute(db)
  await sql.raw(`create trigger post_search_ad after delete on post_search begin
    insert into post_search_fts (post_search_fts, rowid, ${list}) values ('delete', old.id, ${values('old')});
  end`).execute(db)
  await sql.raw(`create trigger post_search_au after update of id, ${list} on post_search begin
    insert into post_search_fts (post_search_fts, rowid, ${list}) values ('delete', old.id, ${values('old')});
    insert into post_search_fts (rowid, ${list}) values (new.id, ${values('new')});
  end`).execute(db)
  await sql`insert into post_search_fts (post_search_fts) values ('rebuild')`.execute(db)
}
