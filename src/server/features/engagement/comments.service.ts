import { createHash } from 'node:crypto'
import type { z } from 'zod'
import {
  ADMIN_COMMENTS_PER_PAGE,
  COMMENT_MAX,
  COMMENT_NAME_MAX,
  COMMENTS_PER_PAGE,
  type AdminComment,
  type AdminCommentsPage,
  type AdminCommentsQuerySchema,
  type CommentInputSchema,
  type CommentBulkInput,
  type CommentBulkResult,
  type CommentsPage,
  type PublicComment,
} from '#shared/schemas/engagement.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../errors.ts'
import { assertPostVisible, type Viewer } from '../posts/posts.service.ts'
import { COMMENT_LIMIT, REMOTE_SERVER_COMMENT_LIMIT, take, takeOrThrow } from '../rate-limit/rate-limit.service.ts'
import { rowToAdminComment, rowToPublicComment } from './comments.mappers.ts'
import * as repo from './comments.repo.ts'

export const ANONYMOUS = 'Anonymous'

export type CommentData = z.output<typeof CommentInputSchema>
export type AdminCommentsQuery = z.output<typeof AdminCommentsQuerySchema>

/** A page of the approved comments of a visible post, oldest first; an unknown `after` is a 404. */
export async function publicComments(
  db: Db,
  postId: string,
  after: string | undefined,
  viewer: Viewer,
): Promise<CommentsPage> {
  await assertPostVisible(db, postId, viewer)
  return (await approvedCommentsOfShownPost(db, postId, after)) ?? notFound('Comment')
}

/**
 * A page of the approved comments of a post the caller has already read for this viewer (the post page), without
 * asking again; undefined when `after` names no approved comment of the post (deleted since, or never).
 */
export async function approvedCommentsOfShownPost(
  db: Db,
  postId: string,
  after?: string,
): Promise<CommentsPage | undefined> {
  const anchor = after === undefined ? undefined : await repo.findApprovedAnchor(db, postId, after)
  if (after !== undefined && !anchor) return undefined
  // One more than a page says whether another follows.
  const rows = await repo.approvedPageQuery(db, postId, anchor, COMMENTS_PER_PAGE + 1).execute()
  const comments = rows.slice(0, COMMENTS_PER_PAGE).map(rowToPublicComment)
  return { comments, next: rows.length > COMMENTS_PER_PAGE ? comments.at(-1)!.id : null }
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

/** A reply from the fediverse, as the fediverse feature hands it over (content already plain text). */
export type RemoteComment = {
  postId: string
  remoteId: string
  /** The remote actor's id (a URL): its own budget, and its server's. */
  actorId: string
  authorName: string
  authorUrl: string | null
  content: string
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22)

/**
 * A reply from the fediverse becomes a pending comment, in the same moderation queue; once per remote note. It is
 * limited as comments are: COMMENT_LIMIT per remote account, REMOTE_SERVER_COMMENT_LIMIT per server. Over either,
 * false and nothing is stored (the remote server was answered long ago; there is nobody to tell 429).
 */
export async function receiveRemoteComment(db: Db, comment: RemoteComment, now: Date): Promise<boolean> {
  // The account's budget first: a reply refused for its account takes nothing from its server's.
  if (!(await take(db, `comment:actor:${digest(comment.actorId)}`, COMMENT_LIMIT, now)).allowed) return false
  const server = `comment:server:${digest(new URL(comment.actorId).host)}`
  if (!(await take(db, server, REMOTE_SERVER_COMMENT_LIMIT, now)).allowed) return false
  const at = now.toISOString()
  await repo.insertRemoteComment(db, {
    id: crypto.randomUUID(),
    post_id: comment.postId,
    author_name: comment.authorName.slice(0, COMMENT_NAME_MAX) || ANONYMOUS,
    author_email: null,
    content: comment.content.slice(0, COMMENT_MAX),
    is_approved: 0,
    ip: null,
    created_at: at,
    updated_at: at,
    source: 'fediverse',
    author_url: comment.authorUrl,
    remote_id: comment.remoteId,
  })
  return true
}

/** The remote note was edited: its comment's text follows (its approval stays as it was). */
export async function updateRemoteComment(db: Db, remoteId: string, content: string, now: Date): Promise<void> {
  await repo.updateRemoteContent(db, remoteId, content.slice(0, COMMENT_MAX), now)
}

/** The remote note was deleted: so is its comment (and the post's count, if it was approved). */
export async function deleteRemoteComment(db: Db, remoteId: string): Promise<void> {
  const id = await repo.findIdByRemoteId(db, remoteId)
  if (id) await repo.deleteComments(db, [id])
}

export async function adminComments(db: Db, query: AdminCommentsQuery): Promise<AdminCommentsPage> {
  const { pending, approved } = await repo.countByApproval(db)
  const counts = { all: pending + approved, pending, approved }
  const totalPages = Math.max(1, Math.ceil(counts[query.status] / ADMIN_COMMENTS_PER_PAGE))
  const page = Math.min(query.page, totalPages)
  const rows = await repo
    .adminPageQuery(db, query.status, (page - 1) * ADMIN_COMMENTS_PER_PAGE, ADMIN_COMMENTS_PER_PAGE)
    .execute()
  return { comments: rows.map(rowToAdminComment), page, totalPages, counts }
}

/** Approves a pending comment, or takes an approved one off the post (pending again); approving twice is no error. */
export async function setApproval(db: Db, id: string, approved: boolean, now: Date): Promise<AdminComment> {
  if (!(await repo.setApproval(db, [id], approved, now)) && !(await repo.commentExists(db, id))) notFound('Comment')
  return rowToAdminComment((await repo.findForAdmin(db, id)) ?? notFound('Comment'))
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteComments(db, [id]))) notFound('Comment')
}

/** Approves or deletes many comments at once; ids that name no comment (or are already approved) are skipped. */
export async function bulkModerate(db: Db, input: CommentBulkInput, now: Date): Promise<CommentBulkResult> {
  const count =
    input.action === 'approve'
      ? await repo.setApproval(db, input.ids, true, now)
      : await repo.deleteComments(db, input.ids)
  return { count }
}

/** The moderation queue's length, for the dashboard. */
export { countPending } from './comments.repo.ts'
