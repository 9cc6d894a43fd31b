import { DEFAULT_CATEGORY_COLOR } from '#shared/schemas/category.ts'
import type { ImportFormat } from '#shared/schemas/backup.ts'
import { MAX_POST_CONTENT, MAX_TAG_LENGTH } from '#shared/schemas/post.ts'
import { paths } from '#shared/paths.ts'
import { makeExcerpt } from '#shared/text/excerpt.ts'
import { readingTime } from '#shared/text/reading-time.ts'
import { slugify } from '#shared/text/slugify.ts'
import { uniqueTags } from '#shared/text/tags.ts'
import type { Source } from '../archive/source.ts'
import type { DataKind } from '../backup-format.ts'
import { PLATFORM_AUTHOR, type ModelRecords, type TransferModel } from '../model.ts'
import { oldSitePath } from './old-paths.ts'

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

const MAX_TAGS = 30

/** The old addresses of a post or page, each once, in the form redirects are stored in. */
const redirectsOf = (
  oldPaths: string[],
  toPath: string,
  createdAt: string,
  owner: { forPost?: string; forPage?: string },
) =>
  [...new Set(oldPaths.map(oldSitePath).filter((p): p is string => p !== null))].map((fromPath) => ({
    id: crypto.randomUUID(),
    fromPath,
    toPath,
    source: 'import',
    hits: 0,
    createdAt,
    ...owner,
  }))

/**
 * A platform's export in the one model every import is written from: everything gets a new id, posts belong to
 * the importing admin, a post's old addresses become redirects written with it, and pages arrive inactive.
 */
export function platformModel(format: ImportFormat, site: ForeignSite, media: Source | null, now: Date): TransferModel {
  const at = now.toISOString()
  const records: { [K in DataKind]?: Array<ModelRecords[K]> } = {
    categories: [],
    posts: [],
    comments: [],
    footerPages: [],
    redirects: [],
  }
  const warnings = [...site.warnings]
  const categoryIds = new Map<string, string>()
  for (const post of site.posts) {
    const c = post.category
    if (!c || categoryIds.has(c.slug)) continue
    const id = crypto.randomUUID()
    categoryIds.set(c.slug, id)
    records.categories!.push({
      id,
      name: c.name.slice(0, 60),
      slug: c.slug,
      description: c.description?.slice(0, 500) ?? null,
      color: DEFAULT_CATEGORY_COLOR,
      createdAt: at,
    })
  }
  for (const post of site.posts) {
    const id = crypto.randomUUID()
    let tags = uniqueTags(post.tags.map((t) => t.slice(0, MAX_TAG_LENGTH)))
    if (tags.length > MAX_TAGS) {
      warnings.push(`Post "${post.slug}" has ${tags.length} tags; the first ${MAX_TAGS} were kept`)
      tags = tags.slice(0, MAX_TAGS)
    }
    const published = post.status === 'published'
    const publishedAt = published ? (post.publishedAt ?? post.createdAt) : null
    // A post longer than a post may be is refused when it is checked: nothing is derived from its text first.
    const fits = post.content.length <= MAX_POST_CONTENT
    records.posts!.push({
      id,
      title: post.title.slice(0, 200) || 'Untitled',
      slug: post.slug,
      content: post.content,
      excerpt: post.excerpt?.trim().slice(0, 1000) || (fits ? makeExcerpt(post.content) : ''),
      featuredImage: post.featuredImage,
      categoryId: post.category ? (categoryIds.get(post.category.slug) ?? null) : null,
      authorId: PLATFORM_AUTHOR,
      authorName: post.authorName?.slice(0, 80) || null,
      status: post.status,
      tags,
      metaTitle: post.metaTitle?.slice(0, 200) || null,
      metaDescription: post.metaDescription?.slice(0, 500) || null,
      readingTime: fits ? readingTime(post.content) : 0,
      views: 0,
      publishedAt,
      featured: published && post.featured,
      featuredAt: published && post.featured ? publishedAt : null,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      baseDir: post.baseDir,
    })
    for (const c of post.comments)
      records.comments!.push({
        id: crypto.randomUUID(),
        postId: id,
        authorName: c.authorName.slice(0, 80) || 'Anonymous',
        authorEmail: c.authorEmail,
        content: c.content,
        approved: c.approved,
        ip: null,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      })
    records.redirects!.push(...redirectsOf(post.oldPaths, paths.post(post.slug), at, { forPost: id }))
  }
  for (const page of site.pages) {
    const id = crypto.randomUUID()
    records.footerPages!.push({
      id,
      title: page.title.slice(0, 200) || 'Untitled',
      slug: page.slug,
      content: page.content.trim() || page.title,
      featuredImage: page.featuredImage,
      metaTitle: page.metaTitle?.slice(0, 200) || null,
      metaDescription: page.metaDescription?.slice(0, 500) || null,
      active: false,
      sortOrder: 100,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      baseDir: page.baseDir,
    })
    records.redirects!.push(...redirectsOf(page.oldPaths, paths.footerPage(page.slug), at, { forPage: id }))
  }
  return {
    format,
    origin: 'platform',
    records: async function* (kind) {
      yield* (records[kind] ?? []) as never[]
    },
    count: (kind) => records[kind]?.length ?? 0,
    imageBytes: async () => null,
    media,
    attachments: site.attachments,
    warnings,
  }
}
