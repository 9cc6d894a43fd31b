/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * SQLite gains a title-only full-text index beside the whole-post one, as PostgreSQL has its title document: the
 * title tier of a search (docs/decisions/014) then reads titles' short lists instead of the whole posts' lists
 * with a column filter. Same row numbers as post_search, so it yields matches newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await sql`create virtual table post_title_fts using fts5(
    title, status, content='post_search', content_rowid='id', prefix='2 3', tokenize='unicode61 remove_diacritics 2'
  )`.execute(db)
  await sql`create trigger post_title_ai after insert on post_search begin
    insert into post_title_fts (rowid, title, status) values (new.id, new.title, new.status);
  end`.execute(db)
  await sql`create trigger post_title_ad after delete on post_search begin
    insert into post_title_fts (post_title_fts, rowid, title, status) values ('delete', old.id, old.title, old.status);
  end`.execute(db)
  await sql`create trigger post_title_au after update of id, title, status on post_search begin
    insert into post_title_fts (post_title_fts, rowid, title, status) values ('delete', old.id, old.title, old.status);
    insert into post_title_fts (rowid, title, status) values (new.id, new.title, new.status);
  end`.execute(db)
  await sql`insert into post_title_fts (post_title_fts) values ('rebuild')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  for (const trigger of ['post_title_ai', 'post_title_ad', 'post_title_au'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db)
  await sql`drop table if exists post_title_fts`.execute(db)
}
