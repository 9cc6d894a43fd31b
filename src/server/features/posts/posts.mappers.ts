import type { Heading, Post, PostCard, PostDetail, PostStatus } from '#shared/schemas/post.ts'
import type { CardRow, DetailRow } from './posts.repo.ts'

/** A stored status as the API knows it (anything unknown reads as a draft, which nobody public sees). */
export const postStatusOf = (status: string): PostStatus =>
  status === 'published' || status === 'scheduled' ? status : 'draft'

/** Tags are stored as a JSON array of strings; anything else reads as no tags. */
export function parseTags(stored: string | null | undefined): string[] {
  if (!stored) return []
  try {
    const value: unknown = JSON.parse(stored)
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

export const serializeTags = (tags: string[]) => JSON.stringify(tags)

/** Timestamps arrive as ISO text (or a Date from a driver that parses them): always ISO out. */
export function isoOrNull(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

export function rowToCard(row: CardRow): PostCard {
  const username = row.author_username ?? ''
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featuredImage: row.featured_image || null,
    categoryId: row.category_id,
    category:
      row.category_id && row.category_name !== null
        ? {
            id: row.category_id,
            name: row.category_name,
            slug: row.category_slug ?? '',
            color: row.category_color ?? '',
          }
        : null,
    authorId: row.author_id,
    // The post's own author (an imported post keeps its original one), else the profile's name, else the login.
    authorName: row.author_name?.trim() || row.author_display_name?.trim() || username,
    author: { username },
    status: postStatusOf(row.status),
    tags: parseTags(row.tags),
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    readingTime: Number(row.reading_time),
    views: Number(row.views),
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    publishedAt: isoOrNull(row.published_at),
    featured: Boolean(Number(row.featured)),
    featuredAt: isoOrNull(row.featured_at),
    createdAt: isoOrNull(row.created_at) ?? row.created_at,
    updatedAt: isoOrNull(row.updated_at) ?? row.updated_at,
  }
}

export function rowToPost(row: DetailRow): Post {
  const { snippet: _none, ...card } = rowToCard(row)
  return { ...card, content: row.content }
}

export function parseHeadings(stored: string): Heading[] {
  try {
    const value: unknown = JSON.parse(stored)
    return Array.isArray(value) ? (value as Heading[]) : []
  } catch {
    return []
  }
}

export function rowToDetail(row: DetailRow): PostDetail {
  return { ...rowToPost(row), contentHtml: row.content_html, headings: parseHeadings(row.headings) }
}
