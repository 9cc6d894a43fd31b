import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NewPostRow } from '#server/db/schema.ts'
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

// Bulk writes are what imports use: many posts at once, with their tag rows and search rows.
describe('writing many posts at once', () => {
  let t: TestApp
  let author: string

  beforeAll(async () => {
    t = await createTestApp()
    author = (await t.app.ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
  })
  afterAll(() => t.close())

  const post = (n: number, at: string, tags: string[], word: string): NewPostRow => ({
    id: crypto.randomUUID(),
    title: `Post ${n}`,
    slug: `${word}-${n}`,
    content: `A ${word} story.`,
    excerpt: `Post ${n}`,
    category_id: null,
    author_id: author,
    status: 'published',
    tags: JSON.stringify(tags),
    reading_time: 1,
    views: 0,
    published_at: at,
    featured: 0,
    featured_at: null,
    created_at: at,
    updated_at: at,
  })
  const get = async (url: string) => {
    const res = await t.request({ method: 'GET', url })
    expect(res.statusCode, res.body).toBe(200)
    return res
  }

  it('stores posts carrying 100 tags each: more tag rows than one statement may hold', async () => {
    // A backup allows 100 tags a post: 200 posts make 20,000 tag rows, 100,000 values.
    const tags = Array.from({ length: 100 }, (_, i) => `topic ${i}`)
    const rows = Array.from({ length: 200 }, (_, n) =>
      post(n, new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString(), tags, 'tagged'),
    )
    await t.app.ctx.db.transaction().execute((trx) => insertPostsWithState(trx, rows))
    expect((await get('/api/tags/topic%2099')).json()).toMatchObject({ postCount: 200 })
    expect(Number((await get('/api/posts?tag=topic%200')).headers['x-total-count'])).toBe(200)
  })

  it('finds every post when more share one millisecond than there are search row numbers for it', async () => {
    // 1,024 numbers a millisecond (search-order-key.ts): two writes of 600 posts must move some to free numbers.
    const at = '2025-05-05T05:05:05.005Z'
    for (const start of [0, 600]) {
      const rows = Array.from({ length: 600 }, (_, n) => post(start + n, at, [], 'crowded'))
      await t.app.ctx.db.transaction().execute((trx) => insertPostsWithState(trx, rows))
    }
    // The last page counts every match (a search counts past 1,000 only as far as the page asked for).
    const last = await get('/api/posts?search=crowded&limit=100&page=12')
    expect(Number(last.headers['x-total-count'])).toBe(1200)
    expect(last.headers['x-total-count-exact']).toBeUndefined()
    expect(last.json()).toHaveLength(100)
  })
})
