import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AdminCommentSchema, AdminCommentsPageSchema, PublicCommentSchema } from '#shared/schemas/engagement.ts'
import { PostSchema } from '#shared/schemas/post.ts'
import { siteKeys } from '#shared/site/query-keys.ts'
import { loadPage } from '#server/ssr/load-page.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, MINUTE } from './posts.fixtures.ts'

describe('comments', () => {
  let t: TestApp
  let admin: string
  let postId: string
  let draftId: string
  const clock = manualClock()
  let ipCounter = 0
  // Each test speaks from its own IP so the throttle only bites where a test wants it.
  const freshIp = () => `10.0.0.${++ipCounter}`

  beforeAll(async () => {
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
    postId = (await createPost(t, admin, { title: 'Discussed', status: 'published' })).id
    draftId = (await createPost(t, admin, { title: 'Draft' })).id
  })
  afterAll(() => t.close())

  const submit = (id: string, payload: object, ip = freshIp(), cookie?: string) =>
    t.request({ method: 'POST', url: `/api/posts/${id}/comments`, payload, remoteAddress: ip, cookie })
  const publicList = async (id = postId) => {
    const res = await t.request({ method: 'GET', url: `/api/posts/${id}/comments` })
    expect(res.statusCode).toBe(200)
    return z.array(PublicCommentSchema.strict()).parse(res.json())
  }
  /** The comments the server-rendered post page shows an anonymous reader. */
  const pageComments = async () => {
    const page = await loadPage(t.app.ctx, '/blog/discussed', '', { isAdmin: false })
    expect(page.status).toBe(200)
    return z
      .object({ comments: z.array(PublicCommentSchema.strict()), next: z.null() })
      .parse(page.queryClient.getQueryData(siteKeys.comments(postId)))
      .comments.map((c) => c.content)
  }
  const adminList = async () =>
    AdminCommentsPageSchema.parse(
      (await t.request({ method: 'GET', url: '/api/admin/comments', cookie: admin })).json(),
    ).comments

  it('accepts a comment as pending, trimmed, "Anonymous" without a name, never echoing the email', async () => {
    const res = await submit(postId, { content: '  First! <b>not html</b>  ', authorEmail: 'reader@example.com' })
    expect(res.statusCode).toBe(201)
    const body = PublicCommentSchema.strict().parse(res.json())
    expect(body).toMatchObject({
      authorName: 'Anonymous',
      content: 'First! <b>not html</b>',
      createdAt: clock().toISOString(),
    })
    expect(res.body).not.toContain('reader@example.com')
    expect(await publicList()).toEqual([])
    const pending = (await adminList()).find((c) => c.id === body.id)
    expect(pending).toMatchObject({
      isApproved: false,
      authorEmail: 'reader@example.com',
      post: { id: postId, title: 'Discussed', slug: 'discussed' },
    })
  })

  it('rejects invalid comments with 400', async () => {
    for (const payload of [
      {},
      { content: '   ' },
      { content: 'x'.repeat(5001) },
      { content: 'ok', authorEmail: 'not-an-email' },
      { content: 'ok', authorName: 'n'.repeat(81) },
    ]) {
      expect((await submit(postId, payload)).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400)
    }
  })

  it('shows approved comments only, oldest first, without emails; approval and deletion are admin-only', async () => {
    const ip = freshIp()
    clock.tick(MINUTE)
    const a = PublicCommentSchema.parse(
      (await submit(postId, { content: 'older', authorName: 'Ann', authorEmail: 'ann@example.com' }, ip)).json(),
    )
    clock.tick(MINUTE)
    const b = PublicCommentSchema.parse((await submit(postId, { content: 'newer', authorName: 'Bob' }, ip)).json())

    expect(await pageComments()).toEqual([])
    expect((await t.request({ method: 'PUT', url: `/api/admin/comments/${b.id}/approve` })).statusCode).toBe(401)
    expect((await t.request({ method: 'DELETE', url: `/api/admin/comments/${b.id}` })).statusCode).toBe(401)
    expect((await t.request({ method: 'GET', url: '/api/admin/comments' })).statusCode).toBe(401)

    for (const id of [b.id, a.id]) {
      const res = await t.request({ method: 'PUT', url: `/api/admin/comments/${id}/approve`, cookie: admin })
      expect(res.statusCode).toBe(200)
      expect(AdminCommentSchema.parse(res.json())).toMatchObject({ id, isApproved: true })
    }
    const list = await publicList()
    expect(list.map((c) => c.content)).toEqual(['older', 'newer'])
    expect(list[0]).toEqual({ id: a.id, authorName: 'Ann', content: 'older', createdAt: a.createdAt })
    expect(JSON.stringify(list)).not.toContain('ann@example.com')
    const post = PostSchema.parse((await t.request({ method: 'GET', url: `/api/posts/${postId}` })).json())
    expect(post.commentCount).toBe(2)
    expect(await pageComments()).toEqual(['older', 'newer'])

    const all = await adminList()
    expect(all.map((c) => c.createdAt)).toEqual([...all.map((c) => c.createdAt)].sort().reverse())

    expect((await t.request({ method: 'DELETE', url: `/api/admin/comments/${a.id}`, cookie: admin })).statusCode).toBe(
      204,
    )
    expect((await publicList()).map((c) => c.content)).toEqual(['newer'])
    expect(await pageComments()).toEqual(['newer'])
    expect((await t.request({ method: 'DELETE', url: `/api/admin/comments/${a.id}`, cookie: admin })).statusCode).toBe(
      404,
    )
    expect(
      (await t.request({ method: 'PUT', url: `/api/admin/comments/${a.id}/approve`, cookie: admin })).statusCode,
    ).toBe(404)
  })

  it('answers 429 with Retry-After after 5 comments a minute from one IP, and lets it through once the minute passes', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i++) expect((await submit(postId, { content: `c${i}` }, ip)).statusCode).toBe(201)
    const limited = await submit(postId, { content: 'one too many' }, ip)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(limited.json()).toHaveProperty('error')
    expect((await submit(postId, { content: 'other ip' })).statusCode).toBe(201)
    clock.tick(61_000)
    expect((await submit(postId, { content: 'later' }, ip)).statusCode).toBe(201)
  })

  it('answers 404 for a draft or missing post to anonymous visitors; the admin may use a draft', async () => {
    for (const id of [draftId, 'missing']) {
      expect((await t.request({ method: 'GET', url: `/api/posts/${id}/comments` })).statusCode).toBe(404)
      expect((await submit(id, { content: 'hello' })).statusCode).toBe(404)
    }
    expect((await t.request({ method: 'GET', url: `/api/posts/${draftId}/comments`, cookie: admin })).statusCode).toBe(
      200,
    )
    expect((await submit(draftId, { content: 'note' }, freshIp(), admin)).statusCode).toBe(201)
  })
})
