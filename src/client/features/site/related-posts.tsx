import { useQuery } from '../../lib/page-query.ts'
import { PostCard } from '../../components/site/post-card.tsx'
import { relatedPostsQuery } from './queries.ts'

export function RelatedPosts({ postId }: { postId: string }) {
  const related = useQuery(relatedPostsQuery(postId))
  if (!related.data || related.data.length === 0) return null
  return (
    <section aria-labelledby="related-heading" className="border-t bg-muted/30">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="related-heading" className="mb-8 text-2xl font-bold tracking-tight">
          Related Articles
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {related.data.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      </div>
    </section>
  )
}
