import type { Db } from '../../db/client.ts'
import type { CommentFilter } from '#shared/schemas/engagement.ts'
import type { CommentRow } from '../../db/schema.ts'

export type AdminCommentRow = CommentRow & { post_title: string; post_slug: string }

export async function insertComment(db: Db, row: CommentRow): Promise<void> {
  await db.insertInto('comments').values(row).execute()
}

/** A reply from the fediverse, once per remote note (a second delivery of the same note is ignored). */
export async function insertRemoteComment(db: Db, row: CommentRow): Promise<void> {
  await db
    .insertInto('comments')
    .values(row)
    .onConflict((oc) => oc.column('remote_id').doNothing())
    .execute()
}

export async function findIdByRemoteId(db: Db, remoteId: string): Promise<string | undefined> {
  const row = await db.selectFrom('comments').select('id').where('remote_id', '=', remoteId).executeTakeFirst()
  return row?.id
}

export async function updateRemoteContent(db: Db, remoteId: string, content: string, now: Date): Promise<void> {
  await db
    .updateTable('comments')
    .set({ content, updated_at: now.toISOString() })
    .where('remote_id', '=', remoteId)
    .execute()
}

/** Where a page of a post's approved comments continues: after this comment, in (created_at, id) order. */
export type CommentAnchor = { created_at: string; id: string }

export async function findApprovedAnchor(db: Db, postId: string, id: string): Promise<CommentAnchor | undefined> {
  return db
    .selectFrom('comments')
    .select(['created_at', 'id'])
    .where('id', '=', id)
    .where('post_id', '=', postId)
    .where('is_approved', '=', 1)
    .executeTakeFirst()
}

/** At most `limit` approved comments of a post, oldest first, after `anchor`: a walk of comments_post_approved_idx. */
export const approvedPageQuery = (db: Db, postId: string, anchor: CommentAnchor | undefined, limit: number) =>
  db
    .selectFrom('comments')
    .selectAll()
    .where('post_id', '=', postId)
    .where('is_approved', '=', 1)
    .$if(anchor !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(anchor!.created_at, anchor!.id))),
    )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)

const adminSelect = (db: Db) =>
  db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .selectAll('comments')
    .select(['posts.title as post_title', 'posts.slug as post_slug'])

const approvedFlag = (filter: CommentFilter) => (filter === 'approved' ? 1 : 0)

/** One page of the moderation list, newest first, all comments or those pending or approved. */
export const adminPageQuery = (db: Db, filter: CommentFilter, offset: number, limit: number) =>
  adminSelect(db)
    .$if(filter !== 'all', (q) => q.where('comments.is_approved', '=', approvedFlag(filter)))
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .offset(offset)
    .limit(limit)

export async function countByApproval(db: Db): Promise<{ pending: number; approved: number }> {
  const rows = await db
    .selectFrom('comments')
    .select((eb) => ['is_approved', eb.fn.countAll<string | number>().as('n')])
    .groupBy('is_approved')
    .execute()
  const count = (flag: number) => Number(rows.find((r) => Number(r.is_approved) === flag)?.n ?? 0)
  return { pending: count(0), approved: count(1) }
}

/** Comments waiting for moderation: a count over comments_moderation_idx. */
export async function countPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('is_approved', '=', 0)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findForAdmin(db: Db, id: string): Promise<AdminCommentRow | undefined> {
  return adminSelect(db).where('comments.id', '=', id).executeTakeFirst()
}

const moveCount = (db: Db, postId: string, by: number) =>
  db
    .updateTable('posts')
    .set((eb) => ({ comment_count: eb('comment_count', '+', by) }))
    .where('id', '=', postId)
    .execute()

/** Moves each post's approved-comment count by the number of `rows` of that post, times `sign`. */
async function moveCounts(db: Db, rows: Array<{ post_id: string }>, sign: 1 | -1): Promise<void> {
  const byPost = new Map<string, number>()
  for (const row of rows) byPost.set(row.post_id, (byPost.get(row.post_id) ?? 0) + 1)
  for (const [postId, n] of byPost) await moveCount(db, postId, sign * n)
}

/**
 * Approves (or takes back the approval of) the comments, and moves their posts' counts, in one transaction; only
 * the comments it flips count, so approving twice (or on two instances at once) counts once. Returns how many flipped.
 */
export async function setApproval(db: Db, ids: string[], approved: boolean, now: Date): Promise<number> {
  if (ids.length === 0) return 0
  return db.transaction().execute(async (trx) => {
    const flipped = await trx
      .updateTable('comments')
      .set({ is_approved: approved ? 1 : 0, updated_at: now.toISOString() })
      .where('id', 'in', ids)
      .where('is_approved', '=', approved ? 0 : 1)
      .returning('post_id')
      .execute()
    await moveCounts(trx, flipped, approved ? 1 : -1)
    return flipped.length
  })
}

export async function commentExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst())
}

/** Deletes the comments; approved ones are taken off their posts' counts in the same transaction. Returns how many. */
export async function deleteComments(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('comments')
      .where('id', 'in', ids)
      .returning(['post_id', 'is_approved'])
      .execute()
    await moveCounts(
      trx,
      deleted.filter((row) => Number(row.is_approved) === 1),
      -1,
    )
    return deleted.length
  })
}
