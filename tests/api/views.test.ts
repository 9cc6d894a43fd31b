import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cookieFrom, createTestApp, signedVisitorCookie, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, MINUTE } from './posts.fixtures.ts'

async function storedViews(t: TestApp, postId: string) {
  const post = await t.app.ctx.db.selectFrom('posts').select('views').where('id', '=', postId).executeTakeFirstOrThrow()
  const days = await t.app.ctx.db
    .selectFrom('post_views_daily')
    .select(['day', 'views'])
    .where('post_id', '=', postId)
    .orderBy('day')
    .execute()
  return { total: Number(post.views), days: days.map((d) => ({ day: d.day, views: Number(d.views) })) }
}

describe('views', () => {
  let t: TestApp
  let admin: string
  let postId: string
  let draftId: string
  const clock = manualClock('2026-03-01T23:50:00.000Z')
  beforeAll(async () => {
    // Only the flush interval is faked: the periodic flush runs when a test says so.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
    postId = (await createPost(t, admin, { title: 'Viewed', status: 'published' })).id
    draftId = (await createPost(t, admin, { title: 'Draft' })).id
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.close()
  })
  afterEach(() => t.app.flushViews())

  const view = (id: string, cookie?: string) => t.request({ method: 'POST', url: `/api/posts/${id}/view`, cookie })

  it('counts a view at most once per visitor per 30 minutes, per UTC day', async () => {
    const first = await view(postId)
    expect(first.statusCode).toBe(204)
    expect(first.body).toBe('')
    const visitor = cookieFrom(first, 'vid')
    expect(visitor).toBeDefined()
    clock.tick(29 * MINUTE) // 00:19 next day, inside the window
    expect((await view(postId, visitor)).statusCode).toBe(204)
    await t.app.flushViews()
    expect(await storedViews(t, postId)).toEqual({ total: 1, days: [{ day: '2026-03-01', views: 1 }] })

    clock.tick(2 * MINUTE) // 31 minutes after the counted view
    await view(postId, visitor)
    await view(postId) // a new visitor
    await t.app.flushViews()
    expect(await storedViews(t, postId)).toEqual({
      total: 3,
      days: [
        { day: '2026-03-01', views: 1 },
        { day: '2026-03-02', views: 2 },
      ],
    })
  })

  it('counts parallel beacons of one visitor once', async () => {
    const before = (await storedViews(t, postId)).total
    const cookie = signedVisitorCookie(t)
    await Promise.all(Array.from({ length: 10 }, () => view(postId, cookie)))
    await t.app.flushViews()
    expect((await storedViews(t, postId)).total).toBe(before + 1)
  })

  it('never counts a logged-in admin, and lets the admin beacon a draft', async () => {
    const before = (await storedViews(t, postId)).total
    expect((await view(postId, admin)).statusCode).toBe(204)
    expect((await view(draftId, admin)).statusCode).toBe(204)
    await t.app.flushViews()
    expect((await storedViews(t, postId)).total).toBe(before)
    expect((await storedViews(t, draftId)).total).toBe(0)
  })

  it('answers 404 for a draft or a missing post', async () => {
    for (const id of [draftId, 'missing']) {
      const res = await view(id)
      expect(res.statusCode).toBe(404)
      expect(res.headers['set-cookie']).toBeUndefined()
    }
    expect(t.app.pendingViews()).toBe(0)
  })

  it('buffers counts and flushes them every 2 seconds', async () => {
    const before = (await storedViews(t, postId)).total
    await view(postId, signedVisitorCookie(t))
    expect(t.app.pendingViews()).toBe(1)
    expect((await storedViews(t, postId)).total).toBe(before)
    vi.advanceTimersByTime(2000)
    await vi.waitFor(async () => expect((await storedViews(t, postId)).total).toBe(before + 1))
    expect(t.app.pendingViews()).toBe(0)
  })
})

describe('views: shutdown', () => {
  it('flushes buffered counts when the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const t = await createTestApp()
    try {
      const admin = await adminCookie(t)
      const postId = (await createPost(t, admin, { title: 'Closing', status: 'published' })).id
      await Promise.all(
        [1, 2, 3].map(() =>
          t.request({ method: 'POST', url: `/api/posts/${postId}/view`, cookie: signedVisitorCookie(t) }),
        ),
      )
      expect(t.app.pendingViews()).toBe(3)
      expect((await storedViews(t, postId)).total).toBe(0)
      await t.app.close()
      expect((await storedViews(t, postId)).total).toBe(3)
    } finally {
      vi.useRealTimers()
      await t.close()
    }
  })
})
