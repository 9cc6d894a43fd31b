import type { Db } from '../../db/client.ts'

export async function countLikes(db: Db, postId: string): Promise<number> {
  const row = await db.selectFrom('likes').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', postId).executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function hasLiked(db: Db, postId: string, visitorId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('likes').select('id').where('post_id', '=', postId).where('visitor_id', '=', visitorId).executeTakeFirst())
}

/** Inserts the like unless the unique (post_id, visitor_id) pair exists; true when a row was added. */
export async function insertLikeIfAbsent(db: Db, postId: string, visitorId: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('likes')
    .values({ id: crypto.randomUUID(), post_id: postId, visitor_id: visitorId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['post_id', 'visitor_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

export async function deleteLike(db: Db, postId: string, visitorId: string): Promise<void> {
  await db.deleteFrom('likes').where('post_id', '=', postId).where('visitor_id', '=', visitorId).execute()
}
