import type { z } from 'zod'
import { isSafeUrl } from '#shared/schemas/common.ts'
import {
  SCHEDULE_TIME_REQUIRED,
  type PostInputSchema,
  type PostStatus,
  type PostUpdateSchema,
} from '#shared/schemas/post.ts'
import { firstImageUrl, isGeneratedExcerpt, makeExcerpt } from '#shared/text/excerpt.ts'
import { readingTime } from '#shared/text/reading-time.ts'
import { slugify } from '#shared/text/slugify.ts'
import type { NewPostRow, PostRow } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import type { PostPatch } from './posts.repo.ts'
import { postStatusOf, serializeTags } from './posts.mappers.ts'

/** The parsed bodies of POST and PUT /api/posts (defaults applied, strings trimmed). */
export type PostInputData = z.output<typeof PostInputSchema>
export type PostUpdateData = z.output<typeof PostUpdateSchema>

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null)

/** The first image of the content, when it is a URL we would render. */
function derivedImage(content: string): string | null {
  const url = firstImageUrl(content)
  return url && isSafeUrl(url) ? url : null
}

/** The base of a generated slug: from the title, or 'post' when the title has nothing usable. */
export const slugBase = (title: string) => slugify(title) || 'post'

/** The first free "base", "base-2", "base-3"… given the taken slugs. */
export function nextFreeSlug(base: string, taken: string[]): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

/** The stored row of a new post: the server derives what the body leaves out (contract "Create/update"). */
export function newPostRow(
  input: PostInputData,
  ctx: { id: string; slug: string; authorId: string; now: Date },
): NewPostRow {
  const at = ctx.now.toISOString()
  const publication = nextPublication(undefined, input, ctx.now)
  const published = publication.status === 'published'
  const featured = input.featured === true
  return {
    id: ctx.id,
    title: input.title,
    slug: ctx.slug,
    content: input.content,
    excerpt: blankToNull(input.excerpt) ?? makeExcerpt(input.content),
    featured_image: input.featuredImage ?? derivedImage(input.content),
    category_id: input.categoryId ?? null,
    author_id: ctx.authorId,
    author_name: blankToNull(input.authorName),
    status: publication.status,
    tags: serializeTags(input.tags ?? []),
    meta_title: blankToNull(input.metaTitle),
    meta_description: blankToNull(input.metaDescription),
    reading_time: input.readingTime ?? readingTime(input.content),
    published_at: publication.published_at,
    featured: featured ? 1 : 0,
    featured_at: published && featured ? at : null,
    created_at: at,
    updated_at: at,
  }
}

/**
 * The columns a partial update changes. A missing field keeps its stored value; `excerpt` or `featuredImage`
 * sent empty is derived again from the resulting content, and so is a generated excerpt when the content changes. publishedAt is set once and kept, or is the scheduled
 * time (see nextPublication); featuredAt follows the resulting state (published and featured: now, else null).
 */
export function postUpdatePatch(existing: PostRow, patch: PostUpdateData, now: Date): PostPatch {
  const at = now.toISOString()
  const content = patch.content ?? existing.content
  const { status, published_at } = nextPublication(existing, patch, now)
  const featured = patch.featured ?? Boolean(Number(existing.featured))
  const out: PostPatch = { updated_at: at }

  if (patch.title !== undefined) out.title = patch.title
  if (patch.slug) out.slug = patch.slug
  if (patch.content !== undefined) out.content = patch.content
  if (patch.excerpt !== undefined) out.excerpt = blankToNull(patch.excerpt) ?? makeExcerpt(content)
  else if (patch.content !== undefined && isGeneratedExcerpt(existing.excerpt, existing.content))
    out.excerpt = makeExcerpt(content)
  if (patch.featuredImage !== undefined) out.featured_image = patch.featuredImage ?? derivedImage(content)
  if (patch.categoryId !== undefined) out.category_id = patch.categoryId
  if (patch.authorName !== undefined) out.author_name = blankToNull(patch.authorName)
  if (patch.tags !== undefined) out.tags = serializeTags(patch.tags)
  if (patch.metaTitle !== undefined) out.meta_title = blankToNull(patch.metaTitle)
  if (patch.metaDescription !== undefined) out.meta_description = blankToNull(patch.metaDescription)
  if (patch.readingTime !== undefined) out.reading_time = patch.readingTime
  else if (patch.content !== undefined) out.reading_time = readingTime(content)
  if (status !== existing.status) out.status = status
  if (patch.featured !== undefined) out.featured = featured ? 1 : 0

  out.published_at = published_at
  out.featured_at = status === 'published' && featured ? at : null
  return out
}

/** Where a post stands: its status and, for a scheduled post, when it goes out (published_at holds that time). */
export type Publication = { status: PostStatus; published_at: string | null }

/**
 * The status and publishedAt a save leaves. Published: the first publication time is kept, else now. Scheduled: at
 * the time asked (or the one already set), in UTC; a time already past publishes now. Draft: keeps a past
 * publication time; a schedule it leaves is dropped, since that post was never out.
 */
export function nextPublication(
  before: { status: string; published_at: string | null } | undefined,
  wanted: { status?: PostStatus; publishedAt?: string | null },
  now: Date,
): Publication {
  const status = wanted.status ?? postStatusOf(before?.status ?? 'draft')
  const wasScheduled = before?.status === 'scheduled'
  const firstPublished = wasScheduled ? null : (before?.published_at ?? null)

  if (status === 'scheduled') {
    const asked = wanted.publishedAt ?? (wasScheduled ? before.published_at : null)
    if (!asked) return badRequest(SCHEDULE_TIME_REQUIRED)
    const at = new Date(asked)
    // Stored as fixed-width ISO text, which compares as time: years past 9999 would not.
    if (Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999) return badRequest('Choose a valid date and time')
    if (at.getTime() <= now.getTime()) return { status: 'published', published_at: now.toISOString() }
    return { status: 'scheduled', published_at: at.toISOString() }
  }
  if (status === 'published') return { status, published_at: firstPublished ?? now.toISOString() }
  return { status, published_at: firstPublished }
}
