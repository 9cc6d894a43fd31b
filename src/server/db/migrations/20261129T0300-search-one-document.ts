/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'
import { BLOG_FOLD, SEARCH_DOCUMENT } from '../search-document.postgres.ts'

/**
 * PostgreSQL: a search reads one column, post_search.document (the post's words and facets), through one GIN index
 * (docs/decisions/099). What earlier migrations built around it goes: published_search_words (its trigger, function,
 * statistics target, storage setting and time-slice indexes), search_slices, and the title document's index (the
 * title document stays, unindexed, to rank title matches first). SQLite's FTS5 tables are unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`drop trigger if exists post_search_published_words on post_search`.execute(db)
  await sql`drop function if exists published_search_words_sync()`.execute(db)
  await sql`drop table if exists published_search_words`.execute(db)
  await sql`drop table if exists search_slices`.execute(db)
  await sql`drop index if exists post_search_title_idx`.execute(db)
  await sql`alter table post_search alter column title_document set statistics -1`.execute(db)
  await sql.raw(BLOG_FOLD).execute(db)
  await sql`drop index if exists post_search_document_idx`.execute(db)
  await sql`alter table post_search drop column document`.execute(db)
  await sql
    .raw(`alter table post_search add column document tsvector generated always as (${SEARCH_DOCUMENT}) stored`)
    .execute(db)
  await sql`create index post_search_document_idx on post_search using gin (document)`.execute(db)
  await sql`analyze post_search`.execute(db)
}

/** The document without facets, as 20261123T0110 wrote it. */
const OLD_DOCUMENT = `setweight(to_tsvector('simple', blog_fold(title)), 'A') || setweight(to_tsvector('simple', blog_fold(tags)), 'B') ||
  setweight(to_tsvector('simple', blog_fold(excerpt)), 'C') || setweight(to_tsvector('simple', blog_fold(body)), 'D')`
const FACETS = (row: string) =>
  `array_to_tsvector(array(select '#' || f from unnest(string_to_array(${row}.facets, ' ')) f where f <> ''))`

/** Back to the structure of 20261127T1200 (one time slice, no cut yet). */
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`alter table post_search drop column document`.execute(db)
  await sql
    .raw(`alter table post_search add column document tsvector generated always as (${OLD_DOCUMENT}) stored`)
    .execute(db)
  await sql`create index post_search_document_idx on post_search using gin (document)`.execute(db)
  await sql`create index post_search_title_idx on post_search using gin (title_document)`.execute(db)
  await sql`create table search_slices (starts_at text primary key)`.execute(db)
  await sql`create table published_search_words (post_id text primary key, published_at text, words tsvector not null, title_words tsvector not null) with (toast_tuple_target = 128)`.execute(
    db,
  )
  await sql
    .raw(
      `insert into published_search_words select post_id, published_at, strip(document) || ${FACETS('s')}, title_document || ${FACETS('s')}
    from post_search s where status = 'published'`,
    )
    .execute(db)
  await sql`create index published_search_words_idx on published_search_words using gin (words)`.execute(db)
  await sql`create index published_search_words_title_idx on published_search_words using gin (title_words)`.execute(db)
  await sql
    .raw(
      `create function published_search_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from published_search_words where post_id = old.post_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
        insert into published_search_words (post_id, published_at, words, title_words)
        values (new.post_id, new.published_at, strip(new.document) || ${FACETS('new')}, new.title_document || ${FACETS('new')});
      end if;
      return null;
    end $$`,
    )
    .execute(db)
  await sql`create trigger post_search_published_words after insert or update or delete on post_search
    for each row execute function published_search_words_sync()`.execute(db)
}
