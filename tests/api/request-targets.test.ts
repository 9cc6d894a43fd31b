import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie, createPost } from './posts.fixtures.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

/**
 * Issue 13 §1: the origin check, the admin guard and cache invalidation are decided on the route the router matched.
 * Every state-changing API route is tried with its path spelled `/%61pi/…`, `/API/…`, `//api/…` and as an
 * absolute-form request target (which only a real socket can send: inject() takes a path).
 */
let t: TestApp
let port: number
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t.close())

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])
const fill = (url: string) => url.replace(/:[^/]+/g, () => crypto.randomUUID())
const stateChanging = () =>
  t.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !SAFE.has(r.method))
    .map((r) => ({ ...r, path: fill(r.url) }))

/** Sends the request target exactly as given (absolute form included) over a real connection; answers the status. */
function send(method: string, target: string, headers: Record<string, string>, body = '{}'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method,
      path: target,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        host: 'localhost:3000',
        ...headers,
      },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', (e) => reject(new Error(`${method} ${target}: ${e.message}`)))
    req.end(body)
  })
}

const encoded = (path: string) => path.replace(/^\/api\//, '/%61pi/')
const spellings = (path: string) => ({
  encoded: encoded(path),
  upperCase: path.replace(/^\/api\//, '/API/'),
  doubleSlash: `/${path}`,
  absolute: `http://localhost:3000${path}`,
  absoluteElsewhere: `http://evil.example${encoded(path)}`,
})

describe('state-changing routes under other spellings of their path', () => {
  it('cross-site with a session: 403 wherever the router finds the route, 404 where it finds none', async () => {
    const wrong: string[] = []
    expect(stateChanging().length).toBeGreaterThan(30)
    for (const route of stateChanging()) {
      const s = spellings(route.path)
      const crossSite = { cookie, 'sec-fetch-site': 'cross-site' }
      const expected = { encoded: 403, upperCase: 404, doubleSlash: 404, absolute: 403, absoluteElsewhere: 403 }
      for (const [name, target] of Object.entries(s)) {
        const status = await send(route.method, target, crossSite)
        if (status !== expected[name as keyof typeof expected]) wrong.push(`${route.method} ${target}: ${status}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('admin routes without a session: 401 wherever the router finds the route, 404 where it finds none', async () => {
    const wrong: string[] = []
    for (const route of stateChanging().filter((r) => r.auth === 'admin')) {
      const s = spellings(route.path)
      const expected = { encoded: 401, upperCase: 404, doubleSlash: 404, absolute: 401, absoluteElsewhere: 401 }
      for (const [name, target] of Object.entries(s)) {
        const status = await send(route.method, target, {})
        if (status !== expected[name as keyof typeof expected]) wrong.push(`${route.method} ${target}: ${status}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('cache invalidation under other spellings of the path', () => {
  it.each([
    ['/%61pi/posts/{id}', (id: string) => `/%61pi/posts/${id}`],
    ['an absolute-form target', (id: string) => `http://localhost:3000/api/posts/${id}`],
    ['an absolute-form target naming another host', (id: string) => `http://evil.example/%61pi/posts/${id}`],
  ])('unpublishing through %s drops the cached post at once', async (_name, target) => {
    const post = await createPost(t, cookie, {
      title: `Cached ${crypto.randomUUID()}`,
      content: 'Body',
      status: 'published',
    })
    const read = () => t.app.inject({ method: 'GET', url: `/api/posts/slug/${post.slug}` })
    await read()
    await read() // stored on its second read
    const cached = await read()
    expect(cached.headers['x-cache']).toBe('HIT')

    expect(
      await send(
        'PUT',
        target(post.id),
        { cookie, origin: 'http://localhost:3000' },
        JSON.stringify({ status: 'draft' }),
      ),
    ).toBe(200)
    const after = await read()
    expect(after.statusCode).toBe(404)
  })
})
