import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DailyViewsSchema, StatsSchema } from '#shared/schemas/engagement.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, insertCategory } from './posts.fixtures.ts'

describe('stats', () => {
  let t: TestApp
  let admin: string
  const clock = manualClock('2026-03-10T08:00:00.000Z')
  beforeAll(async () => {
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
  })
  afterAll(() => t.close())

  const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie })

  it('answers 401 without a session', async () => {
    expect((await get('/api/stats')).statusCode).toBe(401)
    expect((await get('/api/stats/views')).statusCode).toBe(401)
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

  it('gives one zero-filled entry per UTC day, oldest first, ending today', async () => {
    const post = await createPost(t, admin, { title: 'Charted', status: 'published' })
    const other = await createPost(t, admin, { title: 'Other', status: 'published' })
    await t.app.ctx.db
      .insertInto('post_views_daily')
      .values([
        { post_id: post.id, day: '2026-03-10', views: 4 },
        { post_id: other.id, day: '2026-03-10', views: 1 },
        { post_id: post.id, day: '2026-03-08', views: 2 },
        { post_id: post.id, day: '2026-02-01', views: 99 },
      ])
      .execute()
    const res = await get('/api/stats/views?days=3', admin)
    expect(res.statusCode).toBe(200)
    expect(DailyViewsSchema.parse(res.json())).toEqual([
      { day: '2026-03-08', views: 2 },
      { day: '2026-03-09', views: 0 },
      { day: '2026-03-10', views: 5 },
    ])
    const month = DailyViewsSchema.parse((await get('/api/stats/views', admin)).json())
    expect(month).toHaveLength(30)
    expect(month[0]?.day).toBe('2026-02-09')
    expect(month.at(-1)).toEqual({ day: '2026-03-10', views: 5 })
    expect(DailyViewsSchema.parse((await get('/api/stats/views?days=365', admin)).json())).toHaveLength(365)
    for (const bad of ['0', '366', 'x'])
      expect((await get(`/api/stats/views?days=${bad}`, admin)).statusCode, bad).toBe(400)
  })
})
