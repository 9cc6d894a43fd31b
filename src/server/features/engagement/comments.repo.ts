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

export async function approveComment(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('comments').set({ is_approved: 1, updated_at: now.toISOString() }).where('id', '=', id).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function deleteComment(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
