import type { Db } from '../../db/client.ts'

/** The post's like count, kept on the post by every toggle. */
export async function countLikes(db: Db, postId: string): Promise<number> {
  const row = await db.selectFrom('posts').select('like_count').where('id', '=', postId).executeTakeFirst()
  return Number(row?.like_count ?? 0)
}

export async function hasLiked(db: Db, postId: string, visitorId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('likes').select('id').where('post_id', '=', postId).where('visitor_id', '=', visitorId).executeTakeFirst())
}

const moveCount = (db: Db, postId: string, by: 1 | -1) =>
  db
    .updateTable('posts')
    .set((eb) => ({ like_count: eb('like_count', '+', by) }))
    .where('id', '=', postId)
    .execute()

/**
 * Inserts the like unless the unique (post_id, visitor_id) pair exists, counting it on the post in the same
 * transaction; true when a row was added.
 */
export async function insertLikeIfAbsent(db: Db, postId: string, visitorId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('likes')
      .values({ id: crypto.randomUUID(), post_id: postId, visitor_id: visitorId, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['post_id', 'visitor_id']).doNothing())
      .executeTakeFirst()
    const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    if (added) await moveCount(trx, postId, 1)
    return added
  })
}

/** Removes the like, and its count, when there was one. */
export async function deleteLike(db: Db, postId: string, visitorId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('likes').where('post_id', '=', postId).where('visitor_id', '=', visitorId).executeTakeFirst()
    if (Number(result.numDeletedRows) > 0) await moveCount(trx, postId, -1)
  })
}
