/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * PostgreSQL: a public search reads the blog in time slices, newest first, and stops when its page is full
 * (docs/decisions/096). published_search_words gains its post's title words and facets (`title_words`), so the
 * title tier, narrowed or not, is read from these rows and slices too, one index a slice; search_slices holds the times where slices begin, and each slice past the
 * first gets partial indexes (src/server/features/posts/search-slices.postgres.ts). No boundary yet: one slice, read
 * from the whole-table index. The table is rebuilt rather than updated, as in 20261126T1400.
 */
/** A post_search row's facets as lexemes starting with '#' (20261126T1000). */
const FACETS = (row: string) =>
  `array_to_tsvector(array(select '#' || f from unnest(string_to_array(${row}.facets, ' ')) f where f <> ''))`
const SLICE_INDEXES = `select indexname from pg_indexes where tablename = 'published_search_words' and indexname like 'published_search_words_slice_%'`

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await rebuild(db, true)
  await syncFunction(db, true)
  await sql`create table search_slices (starts_at text primary key)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const { indexname } of (await sql<{ indexname: string }>`${sql.raw(SLICE_INDEXES)}`.execute(db)).rows)
    await sql.raw(`drop index "${indexname}"`).execute(db)
  await sql`drop table search_slices`.execute(db)
  await rebuild(db, false)
  await syncFunction(db, false)
}

/** The table anew, with or without title words, filled from the old one and post_search. */
async function rebuild(db: Kysely<any>, titled: boolean): Promise<void> {
  await sql`alter table published_search_words rename to published_search_words_old`.execute(db)
  await sql`alter index published_search_words_pkey rename to published_search_words_old_pkey`.execute(db)
  await sql`drop index published_search_words_idx`.execute(db)
  const title = titled ? ', title_words tsvector not null' : ''
  await sql
    .raw(
      `create table published_search_words (post_id text primary key, published_at text, words tsvector not null${title})`,
    )
    .execute(db)
  await sql
    .raw(
      `insert into published_search_words (post_id, published_at, words${titled ? ', title_words' : ''})
    select o.post_id, s.published_at, o.words${titled ? `, s.title_document || ${FACETS('s')}` : ''}
    from published_search_words_old o join post_search s on s.post_id = o.post_id`,
    )
    .execute(db)
  await sql`drop table published_search_words_old`.execute(db)
  await sql`create index published_search_words_idx on published_search_words using gin (words)`.execute(db)
  await sql`alter table published_search_words alter column words set statistics 500`.execute(db)
  if (titled) {
    await sql`create index published_search_words_title_idx on published_search_words using gin (title_words)`.execute(
      db,
    )
    await sql`alter table published_search_words alter column title_words set statistics 500`.execute(db)
  }
  await sql`analyze published_search_words`.execute(db)
}

/** The trigger's function (20261126T1400), writing the title words too when `titled`. */
async function syncFunction(db: Kysely<any>, titled: boolean): Promise<void> {
  const words = `strip(new.document) || ${FACETS('new')}`
  const columns = titled ? '(post_id, published_at, words, title_words)' : '(post_id, published_at, words)'
  const values = titled
    ? `(new.post_id, new.published_at, ${words}, new.title_document || ${FACETS('new')})`
    : `(new.post_id, new.published_at, ${words})`
  await sql
    .raw(
      `create or replace function published_search_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from published_search_words where post_id = old.post_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
        insert into published_search_words ${columns} values ${values};
      end if;
      return null;
    end $$`,
    )
    .execute(db)
}
