import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { App } from '#server/context.ts'
import { adminCookie, createPost, manualClock } from '#server/features/posts/posts.fixtures.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'

describe('public response cache', () => {
  const clock = manualClock()
  let t: TestApp
  let admin: string
  let other: App

  beforeAll(async () => {
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
    await createPost(t, admin, { title: 'First', content: 'Hello', status: 'published' })
    // A second instance on the same database, with its own memory.
    const { db, engine } = t.app.ctx
    other = await buildApp({ database: { db, engine, close: async () => {} }, env: t.app.ctx.env, clock })
    await other.ready()
  })
  afterAll(async () => {
    await other.close()
    await t.close()
  })

  const anon = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers })

  it('serves the second anonymous read from memory with the same body and headers', async () => {
    const first = await anon('/api/posts?q=cache-1')
    const second = await anon('/api/posts?q=cache-1')
    expect(first.headers['x-cache']).toBe('MISS')
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.body).toBe(first.body)
    expect(second.headers['x-total-count']).toBe(first.headers['x-total-count'])
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
    expect(second.headers['etag']).toBe(first.headers['etag'])
  })

  it('answers 304 to a matching If-None-Match and sends brotli or gzip when asked', async () => {
    const first = await anon('/api/categories')
    const etag = String(first.headers['etag'])
    const revalidated = await anon('/api/categories', { 'if-none-match': etag })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')
    const br = await anon('/api/categories', { 'accept-encoding': 'br, gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body)
    expect((await anon('/api/categories', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip')
  })

  it('never serves or stores an admin answer, and never caches per-visitor answers', async () => {
    const draft = await createPost(t, admin, { title: 'Secret draft', content: 'x', status: 'draft' })
    await anon('/api/posts')
    const asAdmin = await t.request({ method: 'GET', url: '/api/posts', cookie: admin })
    expect(asAdmin.headers['x-cache']).toBeUndefined()
    expect(asAdmin.body).toContain(draft.id)
    const again = await anon('/api/posts')
    expect(again.headers['x-cache']).toBe('HIT')
    expect(again.body).not.toContain(draft.id)
    const likes = await anon(`/api/posts/${draft.id}/likes`)
    expect(likes.headers['x-cache']).toBeUndefined()
  })

  it('drops everything when public content changes: publish, like, approval; not for a pending comment', async () => {
    await anon('/api/posts')
    expect((await anon('/api/posts')).headers['x-cache']).toBe('HIT')
    const post = await createPost(t, admin, { title: 'Brand new', content: 'x', status: 'published' })
    const afterPublish = await anon('/api/posts')
    expect(afterPublish.headers['x-cache']).toBe('MISS')
    expect(afterPublish.body).toContain(post.id)

    await anon(`/api/posts/${post.id}/comments`)
    const submitted = await t.request({ method: 'POST', url: `/api/posts/${post.id}/comments`, payload: { content: 'Pending one' } })
    expect(submitted.statusCode).toBe(201)
    expect((await anon(`/api/posts/${post.id}/comments`)).headers['x-cache']).toBe('HIT')
    await t.request({ method: 'PUT', url: `/api/admin/comments/${submitted.json().id}/approve`, cookie: admin })
    const approved = await anon(`/api/posts/${post.id}/comments`)
    expect(approved.headers['x-cache']).toBe('MISS')
    expect(approved.body).toContain('Pending one')

    await anon(`/api/posts/${post.id}`)
    const like = await t.request({ method: 'POST', url: `/api/posts/${post.id}/like` })
    expect(like.statusCode).toBe(200)
    const afterLike = await anon(`/api/posts/${post.id}`)
    expect(afterLike.headers['x-cache']).toBe('MISS')
    expect(afterLike.json().likeCount).toBe(1)
  })

  it('another instance notices a change within a second', async () => {
    const read = () => other.inject({ method: 'GET', url: '/api/posts/featured', headers: { origin: ORIGIN } })
    await read()
    expect((await read()).headers['x-cache']).toBe('HIT')
    const post = await createPost(t, admin, { title: 'Featured elsewhere', content: 'x', status: 'published', featured: true })
    clock.tick(999)
    expect((await read()).body).not.toContain(post.id) // still inside the second
    clock.tick(1)
    const fresh = await read()
    expect(fresh.headers['x-cache']).toBe('MISS')
    expect(fresh.body).toContain(post.id)
  })
})
