/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * PostgreSQL: published posts' words alone, in a narrow table with its own full-text index, for counting a public
 * search (docs/decisions/015). Counting visits every match's row; post_search's rows are wide (about 24 a page at
 * 100,000 posts) and need their status tested, these are about 100 a page and need nothing tested, so a count costs
 * about half. The words are the post's document stripped of positions and weights, which no search reads. A trigger
 * on post_search keeps the table, so every writer (and a cascading delete) keeps it exact. SQLite's full-text index
 * already keeps published posts apart (row numbers from 0 up) and counts without visiting rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`create table published_search_words (post_id text primary key, words tsvector not null)`.execute(db)
  await sql`create function published_search_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from published_search_words where post_id = old.post_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
        insert into published_search_words (post_id, words) values (new.post_id, strip(new.document));
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger post_search_published_words after insert or update or delete on post_search
    for each row execute function published_search_words_sync()`.execute(db)
  await sql`insert into published_search_words (post_id, words) select post_id, strip(document) from post_search where status = 'published'`.execute(db)
  await sql`create index published_search_words_idx on published_search_words using gin (words)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`drop trigger if exists post_search_published_words on post_search`.execute(db)
  await sql`drop function if exists published_search_words_sync()`.execute(db)
  await sql`drop table if exists published_search_words`.execute(db)
}
