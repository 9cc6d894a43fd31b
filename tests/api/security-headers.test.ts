import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { appWithEnv } from './helpers.ts'

describe('security headers on every answer', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ withAdmin: false })
  })
  afterAll(() => t.close())

  it.each([
    ['GET', '/api/posts'],
    ['GET', '/api/nope'],
    ['GET', '/healthz'],
    ['POST', '/api/auth/login'],
  ])('%s %s', async (method, url) => {
    const res = await t.request({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it.each([
    ['GET', '/api/posts'],
    ['GET', '/api/nope'],
    ['POST', '/api/auth/login'],
    ['GET', '/rss.xml'],
  ])('%s %s: isolation and feature policies, no HSTS over http', async (method, url) => {
    const res = await t.request({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined })
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(res.headers['permissions-policy']).toContain('camera=()')
    expect(res.headers['strict-transport-security']).toBeUndefined()
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  it('sends HSTS when PUBLIC_URL is https, on every answer', async () => {
    const https = await appWithEnv({ PUBLIC_URL: 'https://blog.example' })
    try {
      for (const url of ['/api/posts', '/api/nope', '/healthz']) {
        const res = await https.app.inject({ method: 'GET', url })
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000')
      }
    } finally {
      await https.close()
    }
  })

  it('gives a cached answer (and its 304) the same security headers as the answer it was stored from', async () => {
    // Cached answers are served before the security-header hooks run: they must carry what was stored with them.
    const https = await appWithEnv({ PUBLIC_URL: 'https://blog.example' })
    try {
      const SECURITY = [
        'content-security-policy',
        'permissions-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
      ]
      const security = (headers: Record<string, unknown>) => SECURITY.map((name) => [name, headers[name]])
      for (const url of ['/api/posts', '/rss.xml']) {
        const miss = await https.app.inject({ method: 'GET', url })
        await https.app.inject({ method: 'GET', url })
        const hit = await https.app.inject({ method: 'GET', url })
        expect(hit.headers['x-cache'], url).toBe('HIT')
        expect(security(hit.headers), url).toEqual(security(miss.headers))
        expect(miss.headers['permissions-policy'], url).toContain('camera=()')
        const notModified = await https.app.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': String(hit.headers.etag) },
        })
        expect(notModified.statusCode, url).toBe(304)
        expect(security(notModified.headers), url).toEqual(security(miss.headers))
      }
    } finally {
      await https.close()
    }
  })

  it('lets other sites show uploaded images', async () => {
    const res = await t.request({ method: 'GET', url: '/uploads/none.png' })
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
  })
})
