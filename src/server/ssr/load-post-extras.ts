import type { CommentsPage } from '#shared/schemas/engagement.ts'
import type { Post } from '#shared/schemas/post.ts'
import { siteKeys } from '#shared/site/query-keys.ts'
import type { AppContext } from '../context.ts'
import { approvedCommentsOfShownPost } from '../features/engagement/comments.service.ts'
import * as posts from '../features/posts/posts.service.ts'
import { getAuthorProfile } from '../features/account/profile.service.ts'

/**
 * Related posts, the like count, the author's profile and a page of approved comments (the first, or the one
 * `?comments-after=` asks for) of a post already read for this viewer, under the client's
 * keys. The page is the same for every reader (it may be served from the shared cache): the count is the post's own
 * counter, and whether this visitor liked the post is asked by the browser. Comments are read only when the post's
 * approved-comment counter (kept exact with every approval and deletion) says it has some.
 */
export async function loadPostExtras(
  ctx: AppContext,
  post: Pick<Post, 'id' | 'categoryId' | 'tags' | 'likeCount' | 'commentCount' | 'authorId'>,
  commentsAfter?: string,
): Promise<Array<[readonly unknown[], unknown]>> {
  const none: CommentsPage = { comments: [], next: null }
  const [related, comments, author] = await Promise.all([
    posts.relatedTo(ctx.db, post),
    post.commentCount > 0 ? approvedCommentsOfShownPost(ctx.db, post.id, commentsAfter) : none,
    post.authorId ? getAuthorProfile(ctx.db, post.authorId) : null,
  ])
  const byline: Array<[readonly unknown[], unknown]> = post.authorId ? [[siteKeys.author(post.authorId), author]] : []
  return [
    ...byline,
    [siteKeys.related(post.id), related],
    [siteKeys.likes(post.id), { count: post.likeCount, userHasLiked: false }],
    // A page after a comment that is gone shows as empty, with a way back to the first page.
    [siteKeys.comments(post.id, commentsAfter), comments ?? none],
  ]
}
