import type { Db, Trx } from '../../db/client.ts'
import type { PostRow } from '../../db/schema.ts'

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

/** Featured from the moment it goes out, like a post saved published and featured. */
export async function featureIfMarked(db: Trx, post: PostRow): Promise<void> {
  const featuredAt = Number(post.featured) ? post.published_at : null
  await db.updateTable('posts').set({ featured_at: featuredAt }).where('id', '=', post.id).execute()
}
