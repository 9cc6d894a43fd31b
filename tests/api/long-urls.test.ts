import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boundedKey, MAX_KEY_LENGTH } from '#server/cache/cache-plugin.ts'
import { MAX_PATH_LENGTH, MAX_QUERY_LENGTH } from '#server/http/url-limit.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

// Issue 30, finding 9: unique long URLs grew the process by ~500 MB. Nothing kept per request may grow with the URL.
describe('memory for any URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const get = (url: string) => t.request({ method: 'GET', url })

  it('refuses a query string over the limit with 414, on every route, and takes one at the limit', async () => {
    for (const path of ['/api/posts', '/api/posts/slug/nope', '/rss.xml', '/nope']) {
      const over = await get(`${path}?x=${'a'.repeat(MAX_QUERY_LENGTH - 1)}`)
      expect(over.statusCode, path).toBe(414)
      expect(over.json(), path).toEqual({ error: 'Request URL is too long' })
    }
    expect((await get(`/api/posts?x=${'a'.repeat(MAX_QUERY_LENGTH - 2)}`)).statusCode).toBe(200)
  })

  it('refuses a path over the limit with 414 before rendering anything, and takes one at the limit', async () => {
    for (const prefix of ['/nope-', '/blog/', '/api/posts/slug/', '/uploads/'])
      for (const query of ['', '?page=2']) {
        const over = await get(`${prefix}${'a'.repeat(MAX_PATH_LENGTH - prefix.length + 1)}${query}`)
        expect(over.statusCode, prefix).toBe(414)
        expect(over.json(), prefix).toEqual({ error: 'Request URL is too long' })
      }
    const atLimit = await get(`/nope-${'a'.repeat(MAX_PATH_LENGTH - '/nope-'.length)}`)
    expect(atLimit.statusCode).toBe(404)
  })

  it('never stores a 404, so made-up addresses add nothing to the cache', async () => {
    const before = t.app.responseCache.size()
    for (let i = 0; i < 20; i++) {
      const url = `/api/posts/slug/nope-${randomUUID()}?x=${'b'.repeat(3000)}`
      for (let read = 0; read < 3; read++) {
        const res = await get(url)
        expect(res.statusCode).toBe(404)
        expect(res.headers['x-cache']).toBeUndefined()
      }
    }
    expect(t.app.responseCache.size()).toBe(before)
  })

  it('keeps a long cache key as its hash: fixed length, distinct for distinct keys, short keys as they are', () => {
    const long = `/api/posts?search=${'c'.repeat(1900)}`
    expect(boundedKey(long).length).toBeLessThanOrEqual(MAX_KEY_LENGTH)
    expect(boundedKey(`${long}d`)).not.toBe(boundedKey(long))
    expect(boundedKey('/blog?page=2')).toBe('/blog?page=2')
  })

  it('answers a long search from the cache under its hashed key', async () => {
    const url = `/api/posts?search=${'e'.repeat(1900)}`
    await get(url)
    await get(url)
    expect((await get(url)).headers['x-cache']).toBe('HIT')
  })
})
