import { PostInputSchema, type Post, type PostStatus, type PostUpdate } from '#shared/schemas/post.ts'
import { firstImageUrl, makeExcerpt } from '#shared/text/excerpt.ts'
import { slugify } from '#shared/text/slugify.ts'

export type PostForm = {
  title: string
  slug: string
  content: string
  excerpt: string
  featuredImage: string
  categoryId: string
  authorName: string
  tagsInput: string
  metaTitle: string
  metaDescription: string
  featured: boolean
}

export function formFromPost(post: Post | null): PostForm {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    content: post?.content ?? '',
    excerpt: post?.excerpt ?? '',
    featuredImage: post?.featuredImage ?? '',
    categoryId: post?.categoryId ?? '',
    authorName: post && post.authorName !== post.author.username ? post.authorName : '',
    tagsInput: post?.tags.join(', ') ?? '',
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
    featured: post?.featured ?? false,
  }
}

export function splitTags(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
}

/**
 * Spec §5 derivations on save: slug from the title, excerpt from the content (200 characters), featured image from the
 * first image, tags split on commas; §4: featuredAt now when saved published and featured, else null.
 */
export function toPostBody(form: PostForm, status: PostStatus, now: Date): PostUpdate {
  const content = form.content
  return {
    title: form.title.trim(),
    slug: form.slug.trim() || slugify(form.title),
    content,
    excerpt: form.excerpt.trim() || makeExcerpt(content),
    featuredImage: form.featuredImage.trim() || firstImageUrl(content) || null,
    categoryId: form.categoryId || null,
    authorName: form.authorName.trim() || null,
    tags: splitTags(form.tagsInput),
    metaTitle: form.metaTitle.trim() || null,
    metaDescription: form.metaDescription.trim() || null,
    featured: form.featured,
    featuredAt: status === 'published' && form.featured ? now.toISOString() : null,
    status,
  }
}

/** Field -> first validation message, from the shared insert schema. */
export function validatePost(body: PostUpdate): Record<string, string> {
  const result = PostInputSchema.safeParse(body)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form')
    errors[key] ??= issue.message
  }
  return errors
}
