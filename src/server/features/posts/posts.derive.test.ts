import { describe, expect, it } from 'vitest'
import { PostInputSchema, PostUpdateSchema } from '#shared/schemas/post.ts'
import type { PostRow } from '../../db/schema.ts'
import { newPostRow, nextFreeSlug, postUpdatePatch, slugBase } from './posts.derive.ts'

const now = new Date('2026-02-01T10:00:00.000Z')
const later = new Date('2026-02-02T10:00:00.000Z')
const ctx = { id: 'id1', slug: 's', authorId: 'u1', now }

describe('slugs', () => {
  it('finds the first free suffix', () => {
    expect(nextFreeSlug('a', [])).toBe('a')
    expect(nextFreeSlug('a', ['a'])).toBe('a-2')
    expect(nextFreeSlug('a', ['a', 'a-2', 'a-3', 'a-5'])).toBe('a-4')
    expect(nextFreeSlug('a', ['a-2'])).toBe('a')
  })

  it('falls back to "post" when the title has nothing usable', () => {
    expect(slugBase('Hello World')).toBe('hello-world')
    expect(slugBase('???')).toBe('post')
  })
})

describe('newPostRow', () => {
  it('derives what is missing', () => {
    const input = PostInputSchema.parse({
      title: 'T',
      content: '![b](/uploads/b.png) text ![c](/uploads/c.png)',
      status: 'published',
      featured: true,
      authorName: ' ',
    })
    const row = newPostRow(input, ctx)
    expect(row.featured_image).toBe('/uploads/b.png')
    expect(row).toMatchObject({
      excerpt: 'text',
      reading_time: 1,
      published_at: now.toISOString(),
      featured: 1,
      featured_at: now.toISOString(),
      author_name: null,
      tags: '[]',
    })
  })

  it('never takes an unsafe first image as the featured image', () => {
    const row = newPostRow(PostInputSchema.parse({ title: 'T', content: '![a](javascript:alert(1))' }), ctx)
    expect(row.featured_image).toBeNull()
  })

  it('leaves drafts unpublished and unfeatured in time', () => {
    const row = newPostRow(PostInputSchema.parse({ title: 'T', featured: true }), ctx)
    expect(row).toMatchObject({
      status: 'draft',
      published_at: null,
      featured: 1,
      featured_at: null,
      excerpt: '',
      reading_time: 1,
    })
  })
})

describe('postUpdatePatch', () => {
  const existing: PostRow = {
    ...(newPostRow(PostInputSchema.parse({ title: 'T', content: 'old content', excerpt: 'Kept' }), ctx) as PostRow),
    views: 0,
  }

  it('changes only what is sent, plus updated_at and the derived dates', () => {
    const patch = postUpdatePatch(existing, PostUpdateSchema.parse({ title: 'New' }), later)
    expect(patch).toEqual({ title: 'New', updated_at: later.toISOString(), published_at: null, featured_at: null })
  })

  it('sets publishedAt once and keeps it', () => {
    const first = postUpdatePatch(existing, PostUpdateSchema.parse({ status: 'published' }), later)
    expect(first.published_at).toBe(later.toISOString())
    const kept = postUpdatePatch(
      { ...existing, published_at: now.toISOString(), status: 'published' },
      PostUpdateSchema.parse({ status: 'draft' }),
      later,
    )
    expect(kept.published_at).toBe(now.toISOString())
  })

  it('computes featuredAt from the resulting state', () => {
    const published = { ...existing, status: 'published', published_at: now.toISOString() }
    expect(postUpdatePatch(published, PostUpdateSchema.parse({ featured: true }), later).featured_at).toBe(
      later.toISOString(),
    )
    expect(
      postUpdatePatch({ ...published, featured: 1 }, PostUpdateSchema.parse({ title: 'x' }), later).featured_at,
    ).toBe(later.toISOString())
    expect(
      postUpdatePatch({ ...published, featured: 1 }, PostUpdateSchema.parse({ status: 'draft' }), later).featured_at,
    ).toBeNull()
  })

  it('re-derives reading time with new content, and excerpt/image when sent empty', () => {
    const patch = postUpdatePatch(
      existing,
      PostUpdateSchema.parse({ content: `![i](/x.png) ${'w '.repeat(300)}`, excerpt: '', featuredImage: '' }),
      later,
    )
    expect(patch.reading_time).toBe(2)
    expect(patch.excerpt?.startsWith('w w')).toBe(true)
    expect(patch.featured_image).toBe('/x.png')
  })
})
