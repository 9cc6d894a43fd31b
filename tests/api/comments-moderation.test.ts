import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminCommentSchema, PublicCommentSchema } from '#shared/schemas/engagement.ts'
import { PostSchema } from '#shared/schemas/post.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

describe('moderation: unapprove, bulk approve and delete keep the approved counts exact', () => {
  let t: TestApp
  let admin: string
  let postId: string
  let otherId: string
  let ip = 0

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminCookie(t)
    postId = (await createPost(t, admin, { title: 'Moderated', status: 'published' })).id
    otherId = (await createPost(t, admin, { title: 'Other', status: 'published' })).id
  })
  afterAll(() => t.close())

  const submit = async (id: string, content: string) => {
    const res = await t.request({
      method: 'POST',
      url: `/api/posts/${id}/comments`,
      payload: { content },
      remoteAddress: `10.1.0.${++ip}`,
    })
    expect(res.statusCode).toBe(201)
    return PublicCommentSchema.parse(res.json()).id
  }
  const put = (id: string, action: string, cookie: string | null = admin) =>
    t.request({ method: 'PUT', url: `/api/admin/comments/${id}/${action}`, cookie: cookie ?? undefined })
  const bulk = (payload: object, cookie: string | null = admin) =>
    t.request({ method: 'POST', url: '/api/admin/comments/bulk', payload, cookie: cookie ?? undefined })
  const commentCount = async (id: string) =>
    PostSchema.parse((await t.request({ method: 'GET', url: `/api/posts/${id}` })).json()).commentCount
  const shown = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/posts/${id}/comments` })).json() as Array<{ content: string }>

  it('unapprove takes a comment off the post and back to pending; twice is no error; unknown is 404', async () => {
    const id = await submit(postId, 'second thoughts')
    expect((await put(id, 'approve')).statusCode).toBe(200)
    expect(await commentCount(postId)).toBe(1)
    expect((await put(id, 'unapprove', null)).statusCode).toBe(401)

    const res = await put(id, 'unapprove')
    expect(res.statusCode).toBe(200)
    expect(AdminCommentSchema.parse(res.json())).toMatchObject({ id, isApproved: false })
    expect(await commentCount(postId)).toBe(0)
    expect(await shown(postId)).toEqual([])
    expect((await put(id, 'unapprove')).statusCode).toBe(200)
    expect(await commentCount(postId)).toBe(0)
    expect((await put('missing', 'unapprove')).statusCode).toBe(404)
    await t.request({ method: 'DELETE', url: `/api/admin/comments/${id}`, cookie: admin })
  })

  it('bulk approve flips only pending comments, across posts; bulk delete takes approved ones off the counts', async () => {
    const a = await submit(postId, 'a')
    const b = await submit(postId, 'b')
    const c = await submit(otherId, 'c')
    expect((await put(a, 'approve')).statusCode).toBe(200)

    const approved = await bulk({ action: 'approve', ids: [a, b, c, 'missing'] })
    expect(approved.statusCode).toBe(200)
    expect(approved.json()).toEqual({ count: 2 })
    expect(await commentCount(postId)).toBe(2)
    expect(await commentCount(otherId)).toBe(1)
    expect((await shown(postId)).map((x) => x.content)).toEqual(['a', 'b'])

    const pending = await submit(postId, 'pending one')
    const deleted = await bulk({ action: 'delete', ids: [a, c, pending] })
    expect(deleted.json()).toEqual({ count: 3 })
    expect(await commentCount(postId)).toBe(1)
    expect(await commentCount(otherId)).toBe(0)
    expect((await shown(postId)).map((x) => x.content)).toEqual(['b'])
  })

  it('bulk needs a session, a known action, and 1 to 50 ids', async () => {
    expect((await bulk({ action: 'approve', ids: ['x'] }, null)).statusCode).toBe(401)
    for (const payload of [
      { action: 'approve', ids: [] },
      { action: 'approve', ids: Array.from({ length: 51 }, (_, i) => `id-${i}`) },
      { action: 'spam', ids: ['x'] },
      { action: 'delete' },
    ])
      expect((await bulk(payload)).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400)
  })
})
