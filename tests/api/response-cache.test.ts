import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { App } from '#server/context.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { ADMIT_WITHIN_MS, ENTRY_TTL_MS } from '#server/cache/response-cache.ts'
import { loadPage } from '#server/ssr/load-page.ts'

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

  it('stores an anonymous answer on its second read and serves later reads from memory, same body and headers', async () => {
    const first = await anon('/api/posts?search=cache-1')
    const second = await anon('/api/posts?search=cache-1')
    const third = await anon('/api/posts?search=cache-1')
    expect(first.headers['x-cache']).toBe('MISS')
    expect(second.headers['x-cache']).toBe('MISS')
    expect(third.headers['x-cache']).toBe('HIT')
    for (const later of [second, third]) {
      expect(later.body).toBe(first.body)
      expect(later.headers['x-total-count']).toBe(first.headers['x-total-count'])
      expect(later.headers['content-type']).toBe(first.headers['content-type'])
      expect(later.headers['etag']).toBe(first.headers['etag'])
    }
  })

  it('a page read once is not stored, so a crawl of read-once pages never pushes out what readers come back to', async () => {
    await anon('/api/posts/featured')
    await anon('/api/posts/featured')
    const stored = t.app.responseCache.size()
    for (let i = 0; i < 30; i++) expect((await anon(`/api/posts?search=crawl-${i}`)).headers['x-cache']).toBe('MISS')
    expect(t.app.responseCache.size()).toBe(stored)
    expect((await anon('/api/posts/featured')).headers['x-cache']).toBe('HIT')
    // A second read long after the first is a first read again.
    await anon('/api/posts?search=slow')
    clock.tick(ADMIT_WITHIN_MS)
    await anon('/api/posts?search=slow')
    expect((await anon('/api/posts?search=slow')).headers['x-cache']).toBe('MISS')
    expect((await anon('/api/posts?search=slow')).headers['x-cache']).toBe('HIT')
  })

  it('answers 304 to a matching If-None-Match and sends brotli or gzip when asked', async () => {
    await anon('/api/categories')
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
    await anon('/api/posts')
    const asAdmin = await t.request({ method: 'GET', url: '/api/posts', cookie: admin })
    expect(asAdmin.headers['x-cache']).toBeUndefined()
    expect(asAdmin.body).toContain(draft.id)
    // Read twice by the admin (a second read would store it), still never shared.
    await t.request({ method: 'GET', url: '/api/posts', cookie: admin })
    // A session cookie naming no session is read as anonymous, after the session hook, never from the early lookup.
    const staleCookie = await t.request({ method: 'GET', url: '/api/posts', cookie: 'sid=no-such-session' })
    expect(staleCookie.statusCode).toBe(200)
    expect(staleCookie.body).not.toContain(draft.id)
    const again = await anon('/api/posts')
    expect(again.headers['x-cache']).toBe('HIT')
    expect(again.body).not.toContain(draft.id)
    const likes = await anon(`/api/posts/${draft.id}/likes`)
    expect(likes.headers['x-cache']).toBeUndefined()
  })

  it('drops everything when public content changes (publish, approval), never for likes, views or a pending comment', async () => {
    await anon('/api/posts')
    await anon('/api/posts')
    expect((await anon('/api/posts')).headers['x-cache']).toBe('HIT')
    const post = await createPost(t, admin, { title: 'Brand new', content: 'x', status: 'published' })
    const afterPublish = await anon('/api/posts')
    expect(afterPublish.headers['x-cache']).toBe('MISS')
    expect(afterPublish.body).toContain(post.id)

    await anon(`/api/posts/${post.id}/comments`)
    await anon(`/api/posts/${post.id}/comments`)
    const submitted = await t.request({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      payload: { content: 'Pending one' },
    })
    expect(submitted.statusCode).toBe(201)
    expect((await anon(`/api/posts/${post.id}/comments`)).headers['x-cache']).toBe('HIT')
    await t.request({ method: 'PUT', url: `/api/admin/comments/${submitted.json().id}/approve`, cookie: admin })
    const approved = await anon(`/api/posts/${post.id}/comments`)
    expect(approved.headers['x-cache']).toBe('MISS')
    expect(approved.body).toContain('Pending one')

    await anon(`/api/posts/${post.id}`)
    await anon(`/api/posts/${post.id}`)
    expect((await t.request({ method: 'POST', url: `/api/posts/${post.id}/like` })).statusCode).toBe(200)
    expect((await t.request({ method: 'POST', url: `/api/posts/${post.id}/view` })).statusCode).toBe(204)
    await t.app.flushViews()
    const afterCounts = await anon(`/api/posts/${post.id}`)
    expect(afterCounts.headers['x-cache']).toBe('HIT')
    // The live like count is one read away (not cached), and cached copies catch up within an entry's lifetime.
    expect((await anon(`/api/posts/${post.id}/likes`)).json().count).toBe(1)
    clock.tick(ENTRY_TTL_MS)
    const later = await anon(`/api/posts/${post.id}`)
    expect(later.headers['x-cache']).toBe('MISS')
    expect(later.json()).toMatchObject({ likeCount: 1, views: 1 })
  })

  it('keys entries by the parameters an answer reads: unknown ones share the canonical entry', async () => {
    await anon('/api/posts?sort=oldest&limit=2')
    await anon('/api/posts?limit=2&sort=oldest')
    const sameAnswer = await anon('/api/posts?limit=2&utm_source=x&sort=oldest&_=123')
    expect(sameAnswer.headers['x-cache']).toBe('HIT')
    await anon('/api/posts/featured?anything=1')
    await anon('/api/posts/featured?anything=3')
    expect((await anon('/api/posts/featured?anything=2')).headers['x-cache']).toBe('HIT')
    const size = t.app.responseCache.size()
    for (let i = 0; i < 20; i++) await anon(`/api/categories?junk=${i}`)
    expect(t.app.responseCache.size()).toBeLessThanOrEqual(size + 1)
  })

  it('answers HEAD from the GET entry, and honours q=0 in Accept-Encoding', async () => {
    await anon('/api/categories')
    const get = await anon('/api/categories')
    const head = await t.request({ method: 'HEAD', url: '/api/categories' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['x-cache']).toBe('HIT')
    expect(head.headers['etag']).toBe(get.headers['etag'])
    expect(head.body).toBe('')
    const noBrotli = await anon('/api/categories', { 'accept-encoding': 'br;q=0, gzip' })
    expect(noBrotli.headers['content-encoding']).toBe('gzip')
    const nothing = await anon('/api/categories', { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(nothing.headers['content-encoding']).toBeUndefined()
    expect(nothing.body).toBe(get.body)
  })

  it('marks every answer to a signed-in admin private, no-store', async () => {
    for (const url of ['/api/posts?status=draft', '/api/admin/comments', '/api/auth/me', '/api/stats']) {
      const res = await t.request({ method: 'GET', url, cookie: admin })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('private, no-store')
    }
  })

  it('another instance notices a change within a second', async () => {
    const read = () => other.inject({ method: 'GET', url: '/api/posts/featured', headers: { origin: ORIGIN } })
    await read()
    await read()
    expect((await read()).headers['x-cache']).toBe('HIT')
    const post = await createPost(t, admin, {
      title: 'Featured elsewhere',
      content: 'x',
      status: 'published',
      featured: true,
    })
    clock.tick(999)
    expect((await read()).body).not.toContain(post.id) // still inside the second
    clock.tick(1)
    const fresh = await read()
    expect(fresh.headers['x-cache']).toBe('MISS')
    expect(fresh.body).toContain(post.id)
  })

  it('server-rendered pages read the footer categories once per content version, here and on another instance', async () => {
    const footerNames = async (app: App) => {
      const page = await loadPage(app.ctx, '/blog', '', { isAdmin: false }, await app.responseCache.sync())
      const categories = page.state.queries.find((q) => q.queryKey[0] === '/api/categories')?.state.data as Array<{
        name: string
      }>
      return categories.map((c) => c.name)
    }
    const created = await t.request({
      method: 'POST',
      url: '/api/categories',
      cookie: admin,
      payload: { name: 'Footer Before', slug: 'footer-chrome', color: '#123456' },
    })
    expect(created.statusCode).toBe(201)
    expect(await footerNames(t.app)).toContain('Footer Before')
    expect(await footerNames(other)).toContain('Footer Before')
    const id = (created.json() as { id: string }).id
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/categories/${id}`,
      cookie: admin,
      payload: { name: 'Footer After', slug: 'footer-chrome', color: '#123456' },
    })
    expect(renamed.statusCode).toBe(200)
    expect(await footerNames(t.app)).toContain('Footer After')
    clock.tick(1000)
    expect(await footerNames(other)).toContain('Footer After')
  })
})
