import { slugify } from '#shared/text/slugify.ts'

/** What a Ghost, WordPress or Markdown import turns into before anything is written. Content is Markdown. */
export type ForeignComment = {
  authorName: string
  authorEmail: string | null
  content: string
  createdAt: string
  approved: boolean
}

export type ForeignPost = {
  /** How the report names it: the source's id or file path. */
  ref: string
  title: string
  slug: string
  content: string
  excerpt: string | null
  featuredImage: string | null
  category: { name: string; slug: string; description: string | null } | null
  tags: string[]
  status: 'draft' | 'published'
  publishedAt: string | null
  createdAt: string
  updatedAt: string
  authorName: string | null
  metaTitle: string | null
  metaDescription: string | null
  featured: boolean
  comments: ForeignComment[]
  /** Addresses the post had on the old site ("/my-post/", "/?p=12"): they answer 301 to its new address. */
  oldPaths: string[]
  /** Where relative image references are resolved from (a Markdown file's folder). */
  baseDir?: string
}

export type ForeignPage = {
  ref: string
  title: string
  slug: string
  content: string
  featuredImage: string | null
  metaTitle: string | null
  metaDescription: string | null
  createdAt: string
  updatedAt: string
  oldPaths: string[]
  baseDir?: string
}

export type ForeignSite = {
  posts: ForeignPost[]
  pages: ForeignPage[]
  /** Images the source lists on their own (WordPress attachments), imported when the media has them. */
  attachments: string[]
  warnings: string[]
}

/** An ISO timestamp from whatever a platform wrote, or null. */
export function isoDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const text = typeof value === 'string' ? value.trim() : value
  if (text === '' || text === '0000-00-00 00:00:00') return null
  const date = new Date(
    typeof text === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text)
      ? `${text.replace(' ', 'T')}Z`
      : text,
  )
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** A slug our routes accept: the source's own when usable, else one from the title. */
export function usableSlug(slug: string, title: string, fallback = 'post'): string {
  let decoded = slug
  try {
    decoded = decodeURIComponent(slug)
  } catch {
    // keep it as it was
  }
  return slugify(decoded, 120) || slugify(title, 120) || fallback
}
