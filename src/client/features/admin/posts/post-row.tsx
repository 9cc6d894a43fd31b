import { Eye, ExternalLink } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { CategoryBadge } from '../../../components/ui/badge.tsx'
import { paths } from '#shared/paths.ts'
import type { PostCard } from '#shared/schemas/post.ts'
import { viewsText } from '#shared/text/format.ts'
import { PostAnalyticsLink } from '../analytics/post-analytics-link.tsx'
import { StatusBadge } from '../status-badge.tsx'
import { DeletePostButton } from './delete-post-button.tsx'
import { EditPostLink } from './post-links.tsx'
import { PublishPostButton } from './publish-post-button.tsx'
import { publicationDate } from './publication-date.ts'

export function PostRow({ post }: { post: PostCard }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="admin-post-row">
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{post.title}</h2>
          <StatusBadge status={post.status} />
          {post.category && <CategoryBadge name={post.category.name} color={post.category.color} />}
        </div>
        {post.excerpt && <p className="line-clamp-2 text-sm text-muted-foreground">{post.excerpt}</p>}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>{publicationDate(post, 'Not published')}</span>
          <span>{post.readingTime} min read</span>
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3" aria-hidden="true" />
            {viewsText(post.views)}
          </span>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {post.status !== 'published' && <PublishPostButton post={post} />}
        {post.status === 'published' && (
          <Button asChild variant="ghost" size="icon">
            <a href={paths.post(post.slug)} target="_blank" rel="noreferrer" aria-label={`View ${post.title}`}>
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        )}
        <PostAnalyticsLink post={post} />
        <EditPostLink post={post} />
        <DeletePostButton id={post.id} title={post.title} />
      </div>
    </li>
  )
}
