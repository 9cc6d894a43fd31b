import { siteKeys } from '#client/features/site/queries.ts'
import type { AppContext } from '../context.ts'
import { publicComments } from '../features/engagement/comments.service.ts'
import { likesSummary } from '../features/engagement/likes.service.ts'
import * as posts from '../features/posts/posts.service.ts'
import type { Visitor } from './load-page.ts'

/** Related posts, likes (with this visitor's own like, read from the cookie) and approved comments, under the client's keys. */
export async function loadPostExtras(ctx: AppContext, postId: string, visitor: Visitor): Promise<Array<[readonly unknown[], unknown]>> {
  const viewer = { isAdmin: visitor.isAdmin }
  const [related, likes, comments] = await Promise.all([
    posts.relatedPosts(ctx.db, postId, viewer),
    likesSummary(ctx.db, postId, visitor.visitorId, viewer),
    publicComments(ctx.db, postId, viewer),
  ])
  return [
    [siteKeys.related(postId), related],
    [siteKeys.likes(postId), likes],
    [siteKeys.comments(postId), comments],
  ]
}
