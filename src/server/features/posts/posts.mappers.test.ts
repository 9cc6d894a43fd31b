import { describe, expect, it } from 'vitest'
import { PostCardSchema, PostDetailSchema, PostSchema } from '#shared/schemas/post.ts'
import { isoOrNull, parseTags, rowToCard, rowToDetail, rowToPost, serializeTags } from './posts.mappers.ts'
import type { DetailRow } from './posts.repo.ts'

const row: DetailRow = {
  id: 'p1',
  title: 'Title',
  slug: 'title',
  content: 'Body',
  excerpt: 'Ex',
  featured_image: '',
  category_id: 'c1',
  author_id: 'u1',
  author_name: null,
  status: 'published',
  tags: '["a","b"]',
  meta_title: null,
  meta_description: 'Meta',
  reading_time: 3,
  views: '1500' as unknown as number,
  published_at: '2026-01-01T00:00:00.000Z',
  featured: 1,
  featured_at: null,
  created_at: '2025-12-31T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  category_name: 'Code',
  category_slug: 'code',
  category_color: '#123456',
  author_username: 'admin',
  author_display_name: null,
  like_count: '4' as unknown as number,
  comment_count: 2,
  content_html: '<p>Body</p>',
  headings: '[{"level":2,"text":"A","id":"a"}]',
  render_version: 1,
}

describe('rowToPost', () => {
  it('maps a row to the API post, numbers and booleans normalised', () => {
    const post = rowToPost(row)
    expect(PostSchema.parse(post)).toEqual(post)
    expect(post).toMatchObject({
      featuredImage: null,
      category: { id: 'c1', name: 'Code', slug: 'code', color: '#123456' },
      authorName: 'admin',
      author: { username: 'admin' },
      tags: ['a', 'b'],
      views: 1500,
      likeCount: 4,
      commentCount: 2,
      featured: true,
      featuredAt: null,
      metaDescription: 'Meta',
    })
  })

  it('prefers the stored author name and drops a dangling category', () => {
    const post = rowToPost({
      ...row,
      author_name: 'Guest',
      category_id: null,
      category_name: null,
      featured: 0,
      status: 'draft',
    })
    expect(post.authorName).toBe('Guest')
    expect(post.author.username).toBe('admin')
    expect(post.category).toBeNull()
    expect(post.featured).toBe(false)
    expect(post.status).toBe('draft')
  })

  it('never carries fields beyond the schema', () => {
    expect(Object.keys(rowToPost(row)).sort()).toEqual(Object.keys(PostSchema.shape).sort())
    // The fediverse's likes and boosts are added by the service from their own table, not from the post's row.
    const detailKeys = Object.keys(PostDetailSchema.shape).filter((k) => k !== 'fediverse')
    expect(Object.keys(rowToDetail(row)).sort()).toEqual(detailKeys.sort())
  })

  it('cards carry everything but the content', () => {
    const card = rowToCard(row)
    expect(PostCardSchema.parse(card)).toEqual(card)
    expect(card).not.toHaveProperty('content')
    expect(card).not.toHaveProperty('contentHtml')
  })

  it('detail carries the stored HTML and sections', () => {
    expect(rowToDetail(row)).toMatchObject({ contentHtml: '<p>Body</p>', headings: [{ level: 2, text: 'A', id: 'a' }] })
    expect(rowToDetail({ ...row, headings: 'not json' }).headings).toEqual([])
  })
})

describe('tags and dates', () => {
  it('parses stored tags defensively', () => {
    expect(parseTags(serializeTags(['x', 'y']))).toEqual(['x', 'y'])
    expect(parseTags('not json')).toEqual([])
    expect(parseTags('{"a":1}')).toEqual([])
    expect(parseTags('["a",1,null]')).toEqual(['a'])
    expect(parseTags(null)).toEqual([])
  })

  it('normalises timestamps to ISO', () => {
    expect(isoOrNull('2026-01-01T00:00:00Z')).toBe('2026-01-01T00:00:00.000Z')
    expect(isoOrNull(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01T00:00:00.000Z')
    expect(isoOrNull(null)).toBeNull()
    expect(isoOrNull('garbage')).toBeNull()
  })
})
