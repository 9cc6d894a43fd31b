import type { PostCard } from '#shared/schemas/post.ts'
import { formatDate, formatDateTime } from '#shared/text/format.ts'

/** The date an admin list shows: 'Scheduled for …' (the author's local time), the publish date, or `unpublished`. */
export function publicationDate(post: Pick<PostCard, 'status' | 'publishedAt'>, unpublished: string): string {
  // A post taken back to draft keeps its first publication date for when it returns, but reads as a draft meanwhile.
  if (post.status === 'draft' || !post.publishedAt) return unpublished
  return post.status === 'scheduled'
    ? `Scheduled for ${formatDateTime(post.publishedAt)}`
    : formatDate(post.publishedAt)
}
