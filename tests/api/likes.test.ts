import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LikeToggleSchema, LikesSummarySchema } from '#shared/schemas/engagement.ts'
import { cookieFrom, createTestApp, signedVisitorCookie, type TestApp } from '#test/support/test-app.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

describe('likes', () => {
  let t: TestApp
  let admin: string
  let postId: string
  let draftId: string
  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminCookie(t)
    postId = (await createPost(t, admin, { title: 'Likeable', status: 'published' })).id
    draftId = (await createPost(t, admin, { title: 'Draft' })).id
  })
  afterAll(() => t.close())

  const summary = async (id: string, cookie?: string) => {
    const res = await t.request({ method: 'GET', url: `/api/posts/${id}/likes`, cookie })
    expect(res.statusCode).toBe(200)
    expect(res.headers['set-cookie']).toBeUndefined()
    return LikesSummarySchema.parse(res.json())
  }

  it('reads the count without setting a cookie', async () => {
    expect(await summary(postId)).toEqual({ count: 0, userHasLiked: false })
  })

  it('toggles a like for the visitor, setting the visitor cookie on first need', async () => {
    const first = await t.request({ method: 'POST', url: `/api/posts/${postId}/like` })
    expect(first.statusCode).toBe(200)
    expect(LikeToggleSchema.parse(first.json())).toEqual({ liked: true, message: 'You liked this post' })
    const visitor = cookieFrom(first, 'vid')
    expect(visitor).toBeDefined()
    const setCookie = String(first.headers['set-cookie'])
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(await summary(postId, visitor)).toEqual({ count: 1, userHasLiked: true })
    expect(await summary(postId)).toEqual({ count: 1, userHasLiked: false })

    const second = await t.request({ method: 'POST', url: `/api/posts/${postId}/like`, cookie: visitor })
    expect(second.json()).toEqual({ liked: false, message: 'Your like was removed' })
    expect(second.headers['set-cookie']).toBeUndefined()
    expect(await summary(postId, visitor)).toEqual({ count: 0, userHasLiked: false })
  })

  it('counts 50 parallel toggles from 50 visitors exactly', async () => {
    // 50 readers, each on their own network (one network may add only 10 likes a post a day).
    const visitors = Array.from({ length: 50 }, () => signedVisitorCookie(t))
    const like = (cookie: string, i: number) =>
      t.request({ method: 'POST', url: `/api/posts/${postId}/like`, cookie, remoteAddress: `198.51.100.${i}` })
    const results = await Promise.all(visitors.map(like))
    expect(results.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true)
    expect((await summary(postId)).count).toBe(50)
    // The same 50 again, in parallel: every like removed.
    await Promise.all(visitors.map(like))
    expect((await summary(postId)).count).toBe(0)
  })

  it('applies parallel toggles of one visitor one after another: an even number leaves no like, an odd one a single like', async () => {
    const cookie = signedVisitorCookie(t)
    const toggle = () => t.request({ method: 'POST', url: `/api/posts/${postId}/like`, cookie })
    const ten = await Promise.all(Array.from({ length: 10 }, toggle))
    expect(ten.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
    expect(ten.filter((r) => r.json().liked)).toHaveLength(5)
    expect(await summary(postId, cookie)).toEqual({ count: 0, userHasLiked: false })
    await Promise.all(Array.from({ length: 7 }, toggle))
    expect(await summary(postId, cookie)).toEqual({ count: 1, userHasLiked: true })
    await toggle()
    expect((await summary(postId)).count).toBe(0)
  })

  it('answers 404 for a draft or missing post to anonymous visitors, without a cookie', async () => {
    for (const id of [draftId, 'missing']) {
      const get = await t.request({ method: 'GET', url: `/api/posts/${id}/likes` })
      expect(get.statusCode).toBe(404)
      const post = await t.request({ method: 'POST', url: `/api/posts/${id}/like` })
      expect(post.statusCode).toBe(404)
      expect(post.headers['set-cookie']).toBeUndefined()
    }
  })

  it('lets the admin see and like a draft', async () => {
    expect(await summary(draftId, admin)).toEqual({ count: 0, userHasLiked: false })
    const res = await t.request({ method: 'POST', url: `/api/posts/${draftId}/like`, cookie: admin })
    expect(res.statusCode).toBe(200)
  })
})
