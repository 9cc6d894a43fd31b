import {
  PostInputSchema,
  SCHEDULE_TIME_REQUIRED,
  type Post,
  type PostStatus,
  type PostUpdate,
} from '#shared/schemas/post.ts'
import { isGeneratedExcerpt } from '#shared/text/excerpt.ts'
import { slugify } from '#shared/text/slugify.ts'
import { z } from 'zod'
import { fromLocalInput, toLocalInput } from './text/schedule-time.ts'

/**
 * The editor's form: what autosaves keep as the working copy and revisions keep as snapshots. Bounded so a stored
 * copy cannot grow without limit, but lenient (an unfinished draft may lack a title); a save validates it fully.
 */
export const PostDraftSchema = z.object({
  title: z.string().max(200),
  slug: z.string().max(200),
  content: z.string().max(200_000, 'Content is too long'),
  excerpt: z.string().max(1000),
  featuredImage: z.string().max(2000),
  categoryId: z.string().max(64),
  authorName: z.string().max(80),
  tagsInput: z.string().max(2000),
  metaTitle: z.string().max(200),
  metaDescription: z.string().max(500),
  featured: z.boolean(),
  /** When to publish, as the datetime-local input holds it (the author's local time); '' when not scheduled. */
  scheduledAt: z.string().max(40).default(''),
})
export type PostForm = z.infer<typeof PostDraftSchema>

export function formFromPost(post: Post | null): PostForm {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    content: post?.content ?? '',
    // A generated excerpt stays out of the field, so the next save makes it again from the content.
    excerpt: post && !isGeneratedExcerpt(post.excerpt, post.content) ? post.excerpt : '',
    featuredImage: post?.featuredImage ?? '',
    categoryId: post?.categoryId ?? '',
    authorName: post && post.authorName !== post.author.username ? post.authorName : '',
    tagsInput: post?.tags.join(', ') ?? '',
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
    featured: post?.featured ?? false,
    scheduledAt: post?.status === 'scheduled' && post.publishedAt ? toLocalInput(post.publishedAt) : '',
  }
}

export function splitTags(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
}

/**
 * The body a save sends. An empty slug field means "from the title" (as the editor fills it). What else is left
 * empty (excerpt, featured image) the server derives, as it derives featuredAt (spec §4, §5; posts.derive.ts), so
 * each derivation is made in one place.
 */
export function toPostBody(form: PostForm, status: PostStatus): PostUpdate {
  const content = form.content
  return {
    title: form.title.trim(),
    slug: form.slug.trim() || slugify(form.title),
    content,
    excerpt: form.excerpt.trim(),
    featuredImage: form.featuredImage.trim() || null,
    categoryId: form.categoryId || null,
    authorName: form.authorName.trim() || null,
    tags: splitTags(form.tagsInput),
    metaTitle: form.metaTitle.trim() || null,
    metaDescription: form.metaDescription.trim() || null,
    featured: form.featured,
    status,
    // Only a schedule sends a time: the server keeps publishedAt itself otherwise.
    ...(status === 'scheduled' ? { publishedAt: fromLocalInput(form.scheduledAt ?? '') } : {}),
  }
}

/** Field -> first validation message, from the shared insert schema; a schedule also needs its time. */
export function validatePost(body: PostUpdate): Record<string, string> {
  const result = PostInputSchema.safeParse(body)
  const errors: Record<string, string> =
    body.status === 'scheduled' && !body.publishedAt ? { publishedAt: SCHEDULE_TIME_REQUIRED } : {}
  if (result.success) return errors
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form')
    errors[key] ??= issue.message
  }
  return errors
}
