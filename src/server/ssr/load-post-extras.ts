import type { Post } from '#shared/schemas/post.ts'
import { siteKeys } from '#shared/site/query-keys.ts'
import type { AppContext } from '../context.ts'
import { approvedCommentsOfShownPost } from '../features/engagement/comments.service.ts'
import * as posts from '../features/posts/posts.service.ts'
import { getAuthorProfile } from '../features/account/profile.service.ts'

/**
 * Related posts, the like count, approved comments and the author's profile of a post already read for this viewer, under the client's
 * keys. The page is the same for every reader (it may be served from the shared cache): the count is the post's own
 * counter, and whether this visitor liked the post is asked by the browser. Comments are read only when the post's
 * approved-comment counter (kept exact with every approval and deletion) says it has some.
 */
export async function loadPostExtras(
  ctx: AppContext,
  post: Pick<Post, 'id' | 'categoryId' | 'tags' | 'likeCount' | 'commentCount' | 'authorId'>,
): Promise<Array<[readonly unknown[], unknown]>> {
  const [related, comments, author] = await Promise.all([
    posts.relatedTo(ctx.db, post),
    post.commentCount > 0 ? approvedCommentsOfShownPost(ctx.db, post.id) : [],
    post.authorId ? getAuthorProfile(ctx.db, post.authorId) : null,
  ])
  const byline: Array<[readonly unknown[], unknown]> = post.authorId ? [[siteKeys.author(post.authorId), author]] : []
  return [
    ...byline,
    [siteKeys.related(post.id), related],
    [siteKeys.likes(post.id), { count: post.likeCount, userHasLiked: false }],
    [siteKeys.comments(post.id), comments],
  ]
}
