import type { PostCard, PostPage } from '#shared/schemas/post.ts'

/** A page of posts from GET /api/posts: the cards, and the count from its headers (`X-Total-Count-Exact: false` when a search stopped counting). */
export async function readPostPage(res: Response): Promise<PostPage> {
  const posts = (await res.json()) as PostCard[]
  return {
    posts,
    total: Number(res.headers.get('X-Total-Count') ?? posts.length),
    totalExact: res.headers.get('X-Total-Count-Exact') !== 'false',
  }
}
