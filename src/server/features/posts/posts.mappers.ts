import type { Post, PostStatus } from '#shared/schemas/post.ts'
import type { PostListRow } from './posts.repo.ts'

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

const toStatus = (status: string): PostStatus => (status === 'published' ? 'published' : 'draft')

export function rowToPost(row: PostListRow): Post {
  const username = row.author_username ?? ''
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    featuredImage: row.featured_image || null,
    categoryId: row.category_id,
    category:
      row.category_id && row.category_name !== null
        ? { id: row.category_id, name: row.category_name, slug: row.category_slug ?? '', color: row.category_color ?? '' }
        : null,
    authorId: row.author_id,
    authorName: row.author_name?.trim() || username,
    author: { username },
    status: toStatus(row.status),
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
