import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie, createPost } from './posts.fixtures.ts'
import { cookieFrom, createTestApp, type TestApp } from '#test/support/test-app.ts'

/**
 * Issue 13 §1: likes and views under 50 concurrent requests of one visitor from one address. What exists today is
 * the per-visitor dedupe; per-network caps come with the engagement work and get their own tests there.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const ADDRESS = '203.0.113.50'
const publishedPost = async () =>
  (
    await createPost(t, await adminCookie(t), {
      title: `Busy ${crypto.randomUUID()}`,
      content: 'Body',
      status: 'published',
    })
  ).id
const fifty = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 50 }, send))

describe('50 concurrent requests of one visitor', () => {
  it('like toggles: never more than one like stored, and the count agrees with it', async () => {
    const postId = await publishedPost()
    const like = (cookie?: string) =>
      t.request({ method: 'POST', url: `/api/posts/${postId}/like`, cookie, remoteAddress: ADDRESS })
    const first = await like()
    const visitor = cookieFrom(first, 'vid')
    expect(visitor).toBeDefined()

    const answers = await fifty(() => like(visitor))
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([])
    const stored = await t.app.ctx.db.selectFrom('likes').select('visitor_id').where('post_id', '=', postId).execute()
    expect(stored.length).toBeLessThanOrEqual(1)
    const summary = await t.request({ method: 'GET', url: `/api/posts/${postId}/likes`, cookie: visitor })
    expect(summary.json()).toEqual({ count: stored.length, userHasLiked: stored.length === 1 })
  })

  it('view beacons: counted once', async () => {
    const postId = await publishedPost()
    const view = (cookie?: string) =>
      t.request({ method: 'POST', url: `/api/posts/${postId}/view`, cookie, remoteAddress: ADDRESS })
    const visitor = cookieFrom(await view(), 'vid')
    expect(visitor).toBeDefined()

    const answers = await fifty(() => view(visitor))
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 204)).toEqual([])
    await t.app.flushViews()
    const post = await t.app.ctx.db
      .selectFrom('posts')
      .select('views')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow()
    expect(Number(post.views)).toBe(1)
  })
})
