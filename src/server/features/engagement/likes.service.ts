import type { LikeToggle, LikesSummary } from '#shared/schemas/engagement.ts'
import type { Db } from '../../db/client.ts'
import { assertPostVisible, type Viewer } from '../posts/posts.service.ts'
import * as repo from './likes.repo.ts'

export const LIKED_MESSAGE = 'You liked this post'
export const UNLIKED_MESSAGE = 'Your like was removed'

/** GET …/likes: reads only; a visitor without a cookie simply has not liked. */
export async function likesSummary(db: Db, postId: string, visitorId: string | null, viewer: Viewer): Promise<LikesSummary> {
  await assertPostVisible(db, postId, viewer)
  const [count, userHasLiked] = await Promise.all([repo.countLikes(db, postId), visitorId ? repo.hasLiked(db, postId, visitorId) : false])
  return { count, userHasLiked }
}

/**
 * POST …/like toggles. The unique (post_id, visitor_id) index decides: an insert that adds nothing means the
 * like existed, so it is removed. No read-then-write, so concurrent visitors are all counted exactly.
 * `visitor` returns the visitor id, setting its cookie on first need.
 */
export async function toggleLike(db: Db, postId: string, visitor: () => string, viewer: Viewer, now: Date): Promise<LikeToggle> {
  await assertPostVisible(db, postId, viewer)
  // Asked only now, so a 404 never hands out a visitor cookie.
  const visitorId = visitor()
  if (await repo.insertLikeIfAbsent(db, postId, visitorId, now)) return { liked: true, message: LIKED_MESSAGE }
  await repo.deleteLike(db, postId, visitorId)
  return { liked: false, message: UNLIKED_MESSAGE }
}
