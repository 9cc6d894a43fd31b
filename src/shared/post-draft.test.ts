import { describe, expect, it } from 'vitest'
import type { Post } from '#shared/schemas/post.ts'
import { formFromPost, splitTags, toPostBody, validatePost, type PostForm } from './post-draft.ts'
import { toLocalInput } from './text/schedule-time.ts'

const empty = formFromPost(null)
const form = (overrides: Partial<PostForm>): PostForm => ({ ...empty, ...overrides })

describe('post editor derivations (spec §5)', () => {
  it('takes an empty slug from the title, and leaves the rest of the derivations to the server', () => {
    const content = `Intro with ![cover](/uploads/a.png) and a [link](https://x.test).\n\n${'word '.repeat(60)}`
    const body = toPostBody(form({ title: 'Hello, World!', content, featured: true }), 'published')
    expect(body.slug).toBe('hello-world')
    expect(body).toMatchObject({ excerpt: '', featuredImage: null, featured: true })
    expect(body).not.toHaveProperty('featuredAt')
  })

  it('keeps what the author typed', () => {
    const body = toPostBody(
      form({ title: 'T', slug: 'mine', excerpt: 'Short.', featuredImage: 'https://img.test/x.png' }),
      'draft',
    )
    expect(body).toMatchObject({ slug: 'mine', excerpt: 'Short.', featuredImage: 'https://img.test/x.png' })
  })

  it('splits tags on commas, trims and drops empties', () => {
    expect(splitTags(' react, ,typescript ,, web ')).toEqual(['react', 'typescript', 'web'])
  })

  it('reports field messages from the shared schema', () => {
    expect(validatePost(toPostBody(form({ title: '   ' }), 'draft'))).toMatchObject({ title: 'Title is required' })
    expect(
      validatePost(toPostBody(form({ title: 'Ok', featuredImage: 'javascript:alert(1)' }), 'draft')).featuredImage,
    ).toBeTruthy()
    expect(validatePost(toPostBody(form({ title: 'Ok' }), 'published'))).toEqual({})
  })

  it('fills the form from a post; the author name only when it overrides the username', () => {
    const post = {
      title: 'A',
      slug: 'a',
      content: 'c',
      excerpt: 'e',
      featuredImage: null,
      categoryId: 'cat',
      authorName: 'admin',
      author: { username: 'admin' },
      tags: ['x', 'y'],
      metaTitle: null,
      metaDescription: null,
      featured: true,
    } as unknown as Post
    expect(formFromPost(post)).toMatchObject({
      tagsInput: 'x, y',
      authorName: '',
      categoryId: 'cat',
      featured: true,
      featuredImage: '',
    })
    expect(formFromPost({ ...post, authorName: 'Guest Writer' }).authorName).toBe('Guest Writer')
  })

  it('sends a schedule as a UTC time, and asks for one when it is missing', () => {
    const body = toPostBody(form({ title: 'Later', scheduledAt: '2026-01-05T09:15' }), 'scheduled')
    expect(body.status).toBe('scheduled')
    expect(body.publishedAt).toBe(new Date('2026-01-05T09:15').toISOString())
    expect(validatePost(body)).toEqual({})
    expect(validatePost(toPostBody(form({ title: 'Later' }), 'scheduled'))).toEqual({
      publishedAt: 'Choose a date and time to schedule the post',
    })
    expect(toPostBody(form({ title: 'Now', scheduledAt: '2026-01-05T09:15' }), 'published')).not.toHaveProperty(
      'publishedAt',
    )
  })

  it('opens a scheduled post with its time in the picker', () => {
    const post = {
      ...formFromPost(null),
      author: { username: 'a' },
      authorName: 'a',
      tags: [],
      status: 'scheduled',
      publishedAt: '2026-01-05T09:15:00.000Z',
    } as unknown as Post
    expect(formFromPost(post).scheduledAt).toBe(toLocalInput('2026-01-05T09:15:00.000Z'))
    expect(formFromPost({ ...post, status: 'published' }).scheduledAt).toBe('')
  })
})
