import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

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
})
