/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * PostgreSQL: published_search_words carries its post's publication time, so a public search sorts its matches
 * from these narrow rows alone: it used to look every match up in post_search for its time, which cost more than
 * the rest of the search together (docs/decisions/015). The table is rebuilt rather than updated: updating every row
 * would add each post's words to the full-text index again. SQLite's rows are numbered by time already.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await rebuild(db, ['post_id', 'published_at', 'words'], 'o.post_id, s.published_at, o.words')
  await syncFunction(db, '(post_id, published_at, words) values (new.post_id, new.published_at, ')
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await rebuild(db, ['post_id', 'words'], 'o.post_id, o.words')
  await syncFunction(db, '(post_id, words) values (new.post_id, ')
}

/** The table anew with `columns` (published_at text, words tsvector), filled from the old one and post_search. */
async function rebuild(db: Kysely<any>, columns: string[], values: string): Promise<void> {
  const types: Record<string, string> = {
    post_id: 'text primary key',
    published_at: 'text',
    words: 'tsvector not null',
  }
  await sql`alter table published_search_words rename to published_search_words_old`.execute(db)
  await sql`alter index published_search_words_pkey rename to published_search_words_old_pkey`.execute(db)
  await sql`drop index published_search_words_idx`.execute(db)
  await sql
    .raw(`create table published_search_words (${columns.map((c) => `${c} ${types[c]}`).join(', ')})`)
    .execute(db)
  await sql
    .raw(
      `insert into published_search_words (${columns.join(', ')}) select ${values}
    from published_search_words_old o join post_search s on s.post_id = o.post_id`,
    )
    .execute(db)
  await sql`drop table published_search_words_old`.execute(db)
  await sql`create index published_search_words_idx on published_search_words using gin (words)`.execute(db)
}

/** The trigger's function (20261126T1000), inserting `insert` and the published row's words and facets. */
async function syncFunction(db: Kysely<any>, insert: string): Promise<void> {
  const words = `strip(new.document) || array_to_tsvector(array(select '#' || f from unnest(string_to_array(new.facets, ' ')) f where f <> ''))`
  await sql
    .raw(
      `create or replace function published_search_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from published_search_words where post_id = old.post_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
        insert into published_search_words ${insert}${words});
      end if;
      return null;
    end $$`,
    )
    .execute(db)
}
