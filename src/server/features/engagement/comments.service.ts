import type { z } from 'zod'
import type { AdminComment, CommentInputSchema, PublicComment } from '#shared/schemas/engagement.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../errors.ts'
import { assertPostVisible, type Viewer } from '../posts/posts.service.ts'
import { COMMENT_LIMIT, takeOrThrow } from '../rate-limit/rate-limit.service.ts'
import { rowToAdminComment, rowToPublicComment } from './comments.mappers.ts'
import * as repo from './comments.repo.ts'

export const ANONYMOUS = 'Anonymous'

export type CommentData = z.output<typeof CommentInputSchema>

/** Approved comments of a visible post, oldest first. */
export async function publicComments(db: Db, postId: string, viewer: Viewer): Promise<PublicComment[]> {
  await assertPostVisible(db, postId, viewer)
  return approvedCommentsOfShownPost(db, postId)
}

/** Approved comments of a post the caller has already read for this viewer (the post page), without asking again. */
export async function approvedCommentsOfShownPost(db: Db, postId: string): Promise<PublicComment[]> {
  return (await repo.findApproved(db, postId)).map(rowToPublicComment)
}

/**
 * A new comment waits for moderation. More than 5 a minute from one network: 429 with Retry-After, counted
 * atomically before anything is stored. `network` is the hashed client network (nothing raw is kept).
 */
export async function submitComment(
  db: Db,
  postId: string,
  input: CommentData,
  who: { viewer: Viewer; network: string },
  now: Date,
): Promise<PublicComment> {
  await assertPostVisible(db, postId, who.viewer)
  await takeOrThrow(db, [`comment:${who.network}`], COMMENT_LIMIT, now)
  const at = now.toISOString()
  const row = {
    id: crypto.randomUUID(),
    post_id: postId,
    author_name: input.authorName?.trim() || ANONYMOUS,
    author_email: input.authorEmail?.trim() || null,
    content: input.content,
    is_approved: 0,
    ip: null,
    created_at: at,
    updated_at: at,
  }
  await repo.insertComment(db, row)
  return rowToPublicComment(row)
}

export async function adminComments(db: Db): Promise<AdminComment[]> {
  return (await repo.findAllForAdmin(db)).map(rowToAdminComment)
}

export async function approveComment(db: Db, id: string, now: Date): Promise<AdminComment> {
  if (!(await repo.approveComment(db, id, now))) notFound('Comment')
  return rowToAdminComment((await repo.findForAdmin(db, id)) ?? notFound('Comment'))
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteComment(db, id))) notFound('Comment')
}
