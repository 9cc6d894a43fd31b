import type { Db } from '../../db/client.ts'

/** The post's like count, kept on the post by every toggle. */
export async function countLikes(db: Db, postId: string): Promise<number> {
  const row = await db.selectFrom('posts').select('like_count').where('id', '=', postId).executeTakeFirst()
  return Number(row?.like_count ?? 0)
}

export async function hasLiked(db: Db, postId: string, visitorId: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('likes')
      .select('id')
      .where('post_id', '=', postId)
      .where('visitor_id', '=', visitorId)
      .executeTakeFirst(),
  )
}

const moveCount = (db: Db, postId: string, by: 1 | -1) =>
  db
    .updateTable('posts')
    .set((eb) => ({ like_count: eb('like_count', '+', by) }))
    .where('id', '=', postId)
    .execute()

/**
 * Takes the post's row lock for the rest of the transaction (a write that changes nothing works on both engines;
 * SQLite runs one transaction at a time anyway). Toggles of one post then run one after another, so each toggle
 * counts exactly once; the count update takes this lock anyway, so no concurrency is lost.
 */
export async function lockPost(trx: Db, postId: string): Promise<void> {
  await trx
    .updateTable('posts')
    .set((eb) => ({ like_count: eb.ref('like_count') }))
    .where('id', '=', postId)
    .execute()
}

/** Adds the like and counts it on the post (call inside a transaction); false when the visitor already liked it. */
export async function addLike(trx: Db, postId: string, visitorId: string, now: Date): Promise<boolean> {
  const result = await trx
    .insertInto('likes')
    .values({ id: crypto.randomUUID(), post_id: postId, visitor_id: visitorId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['post_id', 'visitor_id']).doNothing())
    .executeTakeFirst()
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  if (added) await moveCount(trx, postId, 1)
  return added
}

/** Removes the like and its count (call inside a transaction); false when there was none. */
export async function removeLike(trx: Db, postId: string, visitorId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('likes')
    .where('post_id', '=', postId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst()
  const removed = Number(result.numDeletedRows) > 0
  if (removed) await moveCount(trx, postId, -1)
  return removed
}
