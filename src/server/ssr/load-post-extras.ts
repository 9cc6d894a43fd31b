import { siteKeys } from '#client/features/site/queries.ts'
import type { AppContext } from '../context.ts'
import { publicComments } from '../features/engagement/comments.service.ts'
import { likesSummary } from '../features/engagement/likes.service.ts'
import * as posts from '../features/posts/posts.service.ts'
import type { Visitor } from './load-page.ts'

/**
 * Related posts, the like count and approved comments, under the client's keys. The page is the same for every
 * reader (it may be served from the shared cache), so whether this visitor liked the post is asked by the browser.
 */
export async function loadPostExtras(ctx: AppContext, postId: string, visitor: Visitor): Promise<Array<[readonly unknown[], unknown]>> {
  const viewer = { isAdmin: visitor.isAdmin }
  const [related, likes, comments] = await Promise.all([
    posts.relatedPosts(ctx.db, postId, viewer),
    likesSummary(ctx.db, postId, null, viewer),
    publicComments(ctx.db, postId, viewer),
  ])
  return [
    [siteKeys.related(postId), related],
    [siteKeys.likes(postId), likes],
    [siteKeys.comments(postId), comments],
  ]
}
