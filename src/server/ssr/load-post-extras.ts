import { siteKeys } from '#client/features/site/queries.ts'
import type { AppContext } from '../context.ts'
import * as posts from '../features/posts/posts.service.ts'
import type { Visitor } from './load-page.ts'

/** Related posts, likes and approved comments of a visible post, under the client's keys. */
export async function loadPostExtras(ctx: AppContext, postId: string, visitor: Visitor): Promise<Array<[readonly unknown[], unknown]>> {
  const related = await posts.relatedPosts(ctx.db, postId, { isAdmin: visitor.isAdmin })
  return [[siteKeys.related(postId), related]]
}
