import type { Post, PostStatus } from '#shared/schemas/post.ts'
import { formatDateTime } from '#shared/text/format.ts'
import type { ToastInput } from '../../../lib/toast.tsx'

/** The editor's own words, in one place: what a save did, what state the post is in, what autosave is doing. */

export const statusText = (post: Pick<Post, 'status' | 'publishedAt'> | null): string =>
  post?.status === 'published'
    ? 'Published'
    : post?.status === 'scheduled' && post.publishedAt
      ? `Scheduled for ${formatDateTime(post.publishedAt)}`
      : 'Draft'

export const UNPUBLISH_TITLE = 'Unpublish this post?'
export const unpublishDescription = (path: string) =>
  `It becomes a draft again. Readers who open ${path} will get a 404 (page not found) until you publish it again.`

export const SCHEDULED_TOAST = (post: Pick<Post, 'publishedAt'>): ToastInput => ({
  title: 'Post scheduled',
  description: post.publishedAt ? `It will be published on ${formatDateTime(post.publishedAt)}.` : undefined,
})
export const UNPUBLISHED_TOAST: ToastInput = {
  title: 'Post unpublished',
  description: 'It is a draft again: readers get a 404 at its address.',
}
export const UNSCHEDULED_TOAST: ToastInput = { title: 'Post unscheduled', description: 'It is a draft again.' }
export const PUBLISHED_TOAST: ToastInput = {
  title: 'Post published successfully!',
  description: 'Your post is now live.',
}

/** What a save did, when "created" or "updated" would not say it; undefined keeps the usual toast. */
export function savedToast(
  before: PostStatus | null,
  saved: Pick<Post, 'status' | 'publishedAt'>,
): ToastInput | undefined {
  if (saved.status === 'scheduled') return SCHEDULED_TOAST(saved)
  if (before === 'published' && saved.status === 'draft') return UNPUBLISHED_TOAST
  if (before === 'scheduled' && saved.status === 'draft') return UNSCHEDULED_TOAST
  // The same words whether the post already existed as a draft (its first autosave creates it) or not.
  if (before !== 'published' && saved.status === 'published') return PUBLISHED_TOAST
  return undefined
}

export const AUTOSAVE_TEXT = {
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
  /** An existing post's autosave keeps a working copy: on the server, but not what readers see yet. */
  savedCopy: 'Changes saved, not yet live',
  offline: 'Offline — kept locally',
  failed: (reason: string) => `Not saved: ${reason}`,
  notReady: (reason: string) => `Not saved yet: ${reason}`,
} as const

export const LIST_PUBLISH_TITLE = (title: string) => `Publish “${title}”?`
export const LIST_PUBLISH_DESCRIPTION = 'It goes live on the site at once, and readers can find it.'

export const altTextDescription = (count: number) =>
  `${count === 1 ? 'One image' : `${count} images`} in this post ${count === 1 ? 'has' : 'have'} no alt text. Screen readers read it to people who cannot see the picture, and search engines use it. Write it between the brackets: ![a short description](…).`

export const ALT_PROMPT = {
  title: 'Describe this image',
  description: (name: string) =>
    `Alt text is read to people who cannot see ${name || 'the picture'}, and search engines use it. A short sentence is enough.`,
} as const
