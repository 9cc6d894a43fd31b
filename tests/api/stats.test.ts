import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StatsSchema } from '#shared/schemas/engagement.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { adminCookie, createPost, insertCategory } from './posts.fixtures.ts'

describe('stats', () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminCookie(t)
  })
  afterAll(() => t.close())

  const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie })

  it('answers 401 without a session', async () => {
    expect((await get('/api/stats')).statusCode).toBe(401)
  })

  it('is all zeros on an empty blog', async () => {
    expect(StatsSchema.parse((await get('/api/stats', admin)).json())).toEqual({
      totalPosts: 0,
      totalViews: 0,
      totalCategories: 0,
      drafts: 0,
      pendingComments: 0,
    })
  })

  it('counts posts, views, categories, drafts and the comments waiting for moderation', async () => {
    await insertCategory(t, 'One')
    await insertCategory(t, 'Two')
    const a = await createPost(t, admin, { title: 'A', status: 'published' })
    const b = await createPost(t, admin, { title: 'B', status: 'published' })
    await createPost(t, admin, { title: 'C' })
    await createPost(t, admin, { title: 'D' })
    await createPost(t, admin, { title: 'E' })
    await t.app.ctx.db.updateTable('posts').set({ views: 1200 }).where('id', '=', a.id).execute()
    await t.app.ctx.db.updateTable('posts').set({ views: 34 }).where('id', '=', b.id).execute()
    for (const content of ['first', 'second'])
      await t.request({ method: 'POST', url: `/api/posts/${a.id}/comments`, payload: { content } })
    const res = await get('/api/stats', admin)
    expect(res.statusCode).toBe(200)
    expect(StatsSchema.parse(res.json())).toEqual({
      totalPosts: 5,
      totalViews: 1234,
      totalCategories: 2,
      drafts: 3,
      pendingComments: 2,
    })
  })
})
