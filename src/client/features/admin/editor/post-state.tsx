import type { Post } from '#shared/schemas/post.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { statusText } from './editor-text.ts'

/** What readers see of this post right now: Draft, Scheduled for …, or Published. */
export function PostState({ post }: { post: Pick<Post, 'status' | 'publishedAt'> | null }) {
  return (
    <Badge variant={post?.status === 'published' ? 'default' : 'secondary'} data-testid="post-state">
      {statusText(post)}
    </Badge>
  )
}
