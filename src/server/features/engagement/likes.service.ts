import type { LikeToggle, LikesSummary } from '#shared/schemas/engagement.ts'
import type { Db } from '../../db/client.ts'
import { tooManyRequests } from '../../errors.ts'
import type { CountedReader } from '../../http/counted-reader.ts'
import { assertPostVisible, type Viewer } from '../posts/posts.service.ts'
import { giveBack, take, type Limit } from '../rate-limit/rate-limit.service.ts'
import * as repo from './likes.repo.ts'

export const LIKED_MESSAGE = 'You liked this post'
export const UNLIKED_MESSAGE = 'Your like was removed'
export const TOO_MANY_LIKES = 'Too many likes from your network today, please try again tomorrow'

const DAY_MS = 24 * 60 * 60 * 1000
const ONCE_A_DAY: Limit = { limit: 1, windowMs: DAY_MS }

/** GET …/likes: reads only; a visitor without a (valid) cookie simply has not liked. */
export async function likesSummary(
  db: Db,
  postId: string,
  visitorId: string | null,
  viewer: Viewer,
): Promise<LikesSummary> {
  await assertPostVisible(db, postId, viewer)
  const [count, userHasLiked] = await Promise.all([
    repo.countLikes(db, postId),
    visitorId ? repo.hasLiked(db, postId, visitorId) : false,
  ])
  return { count, userHasLiked }
}

/**
 * POST …/like toggles, in one transaction that holds the post's row lock, so parallel toggles count exactly.
 * - A reader with a signed cookie removes their like, or adds one.
 * - A reader without one (a script that drops or forges it) is known by the hash of network and user agent: the
 *   first like of the day is stored under a newly issued cookie, later ones change nothing.
 * - Adding counts against the network's cap for the post (`perNetwork` a day): past it, 429. Removing always works
 *   and hands the like's place back.
 */
export async function toggleLike(
  db: Db,
  postId: string,
  reader: CountedReader,
  viewer: Viewer,
  now: Date,
  perNetwork: number,
): Promise<LikeToggle> {
  await assertPostVisible(db, postId, viewer)
  // Issued only now, so a 404 never hands out a visitor cookie.
  const visitorId = reader.visitorId ?? reader.issue()
  const cap = `like:${postId}:${reader.network}`
  const liked = await db.transaction().execute(async (trx) => {
    await repo.lockPost(trx, postId)
    if (reader.visitorId && (await repo.removeLike(trx, postId, reader.visitorId))) {
      await giveBack(trx, [cap]) // a like taken back adds nothing to the network's day
      return false
    }
    const taken = await take(trx, cap, { limit: perNetwork, windowMs: DAY_MS }, now)
    if (!taken.allowed) tooManyRequests(taken.retryAfterS, TOO_MANY_LIKES)
    if (!reader.visitorId && !(await take(trx, `liked:${postId}:${reader.anonymous}`, ONCE_A_DAY, now)).allowed) {
      await giveBack(trx, [cap])
      return true
    }
    await repo.addLike(trx, postId, visitorId, now)
    return true
  })
  return liked ? { liked: true, message: LIKED_MESSAGE } : { liked: false, message: UNLIKED_MESSAGE }
}
