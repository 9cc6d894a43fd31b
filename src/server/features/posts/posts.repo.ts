import { PostgresAdapter, sql, type Transaction } from 'kysely'
import type { Db } from '../../db/client.ts'
import type { Database, NewPostRow, PostRow, PostsTable } from '../../db/schema.ts'
import type { Updateable } from 'kysely'

type Trx = Transaction<Database> | Db

/** `%`, `_` and `\` match themselves in a LIKE pattern with `escape '\'`. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** The stored row, locked until the transaction ends on PostgreSQL (SQLite has one writer at a time). */
export async function findRawPostForUpdate(db: Trx, id: string): Promise<PostRow | undefined> {
  const q = db.selectFrom('posts').selectAll().where('id', '=', id)
  return (db.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q).executeTakeFirst()
}

/** Slugs equal to `base` or `base-<anything>`: the taken ones a new "-N" suffix must avoid. */
export async function findSlugsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('slug')
    .where((eb) =>
      eb.or([eb('slug', '=', base), sql<boolean>`${sql.ref('slug')} like ${`${escapeLike(base)}-%`} escape '\\'`]),
    )
    .execute()
  return rows.map((r) => r.slug)
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst())
}

export async function insertPost(db: Trx, row: NewPostRow): Promise<void> {
  await db.insertInto('posts').values(row).execute()
}

/** What a save may change: never the id or the counters (those move only with likes, comments and views). */
export type PostPatch = Omit<Updateable<PostsTable>, 'id' | 'views' | 'like_count' | 'comment_count'>

export async function updatePostRow(db: Trx, id: string, patch: PostPatch): Promise<void> {
  await db.updateTable('posts').set(patch).where('id', '=', id).execute()
}

/** Deletes the post with its likes, comments and view counts (the foreign keys cascade too; this does not rely on it). */
export async function deletePostRow(db: Trx, id: string): Promise<void> {
  await db.deleteFrom('likes').where('post_id', '=', id).execute()
  await db.deleteFrom('comments').where('post_id', '=', id).execute()
  await db.deleteFrom('post_views_daily').where('post_id', '=', id).execute()
  await db.deleteFrom('post_views_recent').where('post_id', '=', id).execute()
  await db.deleteFrom('view_marks').where('post_id', '=', id).execute()
  await db.deleteFrom('posts').where('id', '=', id).execute()
}

export async function writeDerived(
  db: Trx,
  id: string,
  derived: Pick<PostRow, 'content_html' | 'headings' | 'render_version'>,
): Promise<void> {
  await db.updateTable('posts').set(derived).where('id', '=', id).execute()
}

/**
 * Posts rendered by an older renderer than `version`, a batch at a time, walking posts_render_version_idx. (Ordered
 * by id, SQLite walked the primary key instead and read every post at every start when none was stale.)
 */
export const staleRendersQuery = (db: Db, version: number, limit: number) =>
  db.selectFrom('posts').selectAll().where('render_version', '<', version).orderBy('render_version').limit(limit)

export async function findStaleRenders(db: Db, version: number, limit: number): Promise<PostRow[]> {
  return staleRendersQuery(db, version, limit).execute()
}

/** Scheduled posts whose time has come, oldest due first (served by posts_status_published_idx). */
export async function findDueScheduled(db: Db, nowIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('published_at', '<=', nowIso)
    .orderBy('published_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/**
 * Flips one due scheduled post to published and returns it, or nothing when it is no longer due or another instance
 * took it first: the condition is checked by the update itself (on PostgreSQL a second writer waits for the row and
 * then finds it published), so each post is published exactly once.
 */
export async function claimDueScheduled(db: Trx, id: string, nowIso: string): Promise<PostRow | undefined> {
  return db
    .updateTable('posts')
    .set({ status: 'published', updated_at: nowIso })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .where('published_at', '<=', nowIso)
    .returningAll()
    .executeTakeFirst()
}
