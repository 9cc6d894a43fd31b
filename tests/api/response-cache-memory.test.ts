import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createResponseCache, MAX_BYTES } from '#server/cache/response-cache.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

// Bodies that do not compress, so each compressed copy is about as large as its body.
const body = (kb: number) => randomBytes(kb * 1024)

describe('response cache memory', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('counts compressed copies in its byte bound and never holds more than the bound', async () => {
    const cache = createResponseCache(t.app.ctx.db, () => Date.now())
    const version = await cache.sync()
    const pageKb = 512
    const pages = Math.ceil((MAX_BYTES / 1024 / pageKb) * 1.5)
    for (let i = 0; i < pages; i++) {
      const response = { status: 200, headers: {}, body: body(pageKb) }
      expect(cache.set(`/page/${i}`, response, version)).toBeUndefined() // a first read is not stored
      const entry = cache.set(`/page/${i}`, response, version)!
      await cache.encoded(entry, 'gzip')
      await cache.encoded(entry, 'br')
      await new Promise((r) => setImmediate(r)) // the size update runs after the copy is handed out
      expect(cache.bytes()).toBeLessThanOrEqual(MAX_BYTES)
    }
    // Each entry holds its body and two copies of about the same size: about a third as many fit as bodies alone.
    expect(cache.size()).toBeLessThan(MAX_BYTES / (pageKb * 1024) / 2)
    expect(cache.size()).toBeGreaterThan(0)
    // The newest entry is kept; the oldest went first.
    expect(cache.get(`/page/${pages - 1}`)).toBeDefined()
    expect(cache.get('/page/0')).toBeUndefined()
  })
})
