import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiledOnce } from '#server/db/compiled-once.ts'
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'
import { cardsByIds, detailBy } from '#server/features/posts/posts.repo.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

// The hottest reads keep their compiled SQL; every call must still get its own values' rows.
describe('reads compiled once', () => {
  let t: TestApp
  const ids = Array.from({ length: 6 }, () => crypto.randomUUID())

  beforeAll(async () => {
    t = await createTestApp()
    const db = t.app.ctx.db
    const author = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
    const at = '2026-01-01T00:00:00.000Z'
    await insertPostsWithState(
      db,
      ids.map((id, n) => ({
        id,
        title: `Post ${n}`,
        slug: `post-${n}`,
        content: `Body ${n}`,
        excerpt: `Post ${n}`,
        category_id: null,
        author_id: author,
        status: 'published',
        tags: '[]',
        reading_time: 1,
        views: 0,
        published_at: at,
        featured: 0,
        featured_at: null,
        created_at: at,
        updated_at: at,
      })),
    )
  })
  afterAll(() => t.close())

  it('answers each call with its own values, for every count and shape', async () => {
    const db = t.app.ctx.db
    const titles = async (wanted: string[]) => (await cardsByIds(db, wanted)).map((c) => c.title).sort()
    expect(await titles([ids[0]!, ids[1]!])).toEqual(['Post 0', 'Post 1'])
    expect(await titles([ids[4]!, ids[5]!])).toEqual(['Post 4', 'Post 5'])
    expect(await titles([ids[2]!])).toEqual(['Post 2'])
    expect(await titles([ids[3]!, 'missing', ids[0]!])).toEqual(['Post 0', 'Post 3'])
    expect((await detailBy(db, { slug: 'post-4' }))?.id).toBe(ids[4])
    expect((await detailBy(db, { id: ids[2]! }))?.slug).toBe('post-2')
    expect((await detailBy(db, { slug: 'post-5' }))?.id).toBe(ids[5])
    expect(await detailBy(db, { id: 'missing' })).toBeUndefined()
  })

  it('refuses a build that does not bind every value it is given', async () => {
    const db = t.app.ctx.db
    const careless = compiledOnce((d, [slug]) =>
      d
        .selectFrom('posts')
        .select('id')
        .where('slug', '=', slug!.startsWith('\u0000') ? 'post-1' : slug!),
    )
    await expect(careless(db, 'slug', ['post-2'])).rejects.toThrow(/not every one of 1 values is bound/)
  })
})
