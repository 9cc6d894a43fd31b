import type { Db } from '../../db/client.ts'
import type { CommentRow } from '../../db/schema.ts'

export type AdminCommentRow = CommentRow & { post_title: string; post_slug: string }

export async function insertComment(db: Db, row: CommentRow): Promise<void> {
  await db.insertInto('comments').values(row).execute()
}

export async function findApproved(db: Db, postId: string): Promise<CommentRow[]> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('post_id', '=', postId)
    .where('is_approved', '=', 1)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
}

const adminSelect = (db: Db) =>
  db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .selectAll('comments')
    .select(['posts.title as post_title', 'posts.slug as post_slug'])

export async function findAllForAdmin(db: Db): Promise<AdminCommentRow[]> {
  return adminSelect(db).orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc').execute()
}

export async function findForAdmin(db: Db, id: string): Promise<AdminCommentRow | undefined> {
  return adminSelect(db).where('comments.id', '=', id).executeTakeFirst()
}

const moveCount = (db: Db, postId: string, by: 1 | -1) =>
  db
    .updateTable('posts')
    .set((eb) => ({ comment_count: eb('comment_count', '+', by) }))
    .where('id', '=', postId)
    .execute()

/**
 * Approves a pending comment and counts it on its post, in one transaction; only the call that flips it counts,
 * so approving twice (or on two instances at once) counts once. False when there is no such comment.
 */
export async function approveComment(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const flipped = await trx
      .updateTable('comments')
      .set({ is_approved: 1, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('is_approved', '=', 0)
      .returning('post_id')
      .executeTakeFirst()
    if (flipped) await moveCount(trx, flipped.post_id, 1)
    return (
      Boolean(flipped) || Boolean(await trx.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst())
    )
  })
}

/** Deletes the comment; an approved one is taken off its post's count in the same transaction. */
export async function deleteComment(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('comments')
      .where('id', '=', id)
      .returning(['post_id', 'is_approved'])
      .executeTakeFirst()
    if (deleted && Number(deleted.is_approved) === 1) await moveCount(trx, deleted.post_id, -1)
    return Boolean(deleted)
  })
}
