import { describe, expect, it } from 'vitest'
import { PostInputSchema, PostUpdateSchema } from '#shared/schemas/post.ts'
import type { PostRow } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { newPostRow, nextFreeSlug, nextPublication, postUpdatePatch, slugBase } from './posts.derive.ts'

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

const noon = new Date('2026-05-01T12:00:00.000Z')
const future = '2026-05-02T08:00:00.000Z'
const past = '2026-04-01T08:00:00.000Z'

describe('nextPublication', () => {
  it('schedules at the time asked, in UTC', () => {
    expect(nextPublication(undefined, { status: 'scheduled', publishedAt: '2026-05-02T10:00:00+02:00' }, noon)).toEqual(
      {
        status: 'scheduled',
        published_at: future,
      },
    )
  })

  it('publishes noon when the time asked has passed, or is noon', () => {
    for (const publishedAt of [past, noon.toISOString()]) {
      expect(nextPublication(undefined, { status: 'scheduled', publishedAt }, noon)).toEqual({
        status: 'published',
        published_at: noon.toISOString(),
      })
    }
  })

  it('keeps a schedule through edits that leave status and time out, and publishes it once it is due', () => {
    const scheduled = { status: 'scheduled', published_at: future }
    expect(nextPublication(scheduled, {}, noon)).toEqual({ status: 'scheduled', published_at: future })
    expect(nextPublication(scheduled, {}, new Date('2026-05-03T00:00:00.000Z'))).toEqual({
      status: 'published',
      published_at: '2026-05-03T00:00:00.000Z',
    })
  })

  it('drops a schedule the post leaves: to draft it has no time, published it goes out noon', () => {
    const scheduled = { status: 'scheduled', published_at: future }
    expect(nextPublication(scheduled, { status: 'draft' }, noon)).toEqual({ status: 'draft', published_at: null })
    expect(nextPublication(scheduled, { status: 'published' }, noon)).toEqual({
      status: 'published',
      published_at: noon.toISOString(),
    })
  })

  it('keeps the first publication time of a published post, even through a draft', () => {
    const published = { status: 'published', published_at: past }
    expect(nextPublication(published, {}, noon)).toEqual({ status: 'published', published_at: past })
    expect(nextPublication(published, { status: 'draft' }, noon)).toEqual({ status: 'draft', published_at: past })
    expect(nextPublication({ status: 'draft', published_at: past }, { status: 'published' }, noon)).toEqual({
      status: 'published',
      published_at: past,
    })
  })

  it('ignores a time sent with any other status', () => {
    expect(nextPublication(undefined, { status: 'draft', publishedAt: future }, noon)).toEqual({
      status: 'draft',
      published_at: null,
    })
    expect(nextPublication(undefined, { status: 'published', publishedAt: future }, noon)).toEqual({
      status: 'published',
      published_at: noon.toISOString(),
    })
  })

  it('refuses a schedule with no time, or one that does not fit the stored format', () => {
    for (const wanted of [
      { status: 'scheduled' as const },
      { status: 'scheduled' as const, publishedAt: '9999-12-31T23:00:00-05:00' },
    ]) {
      expect(() => nextPublication({ status: 'draft', published_at: past }, wanted, noon)).toThrow(AppError)
    }
  })
})
