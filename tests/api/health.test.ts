import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

describe('GET /healthz', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ withAdmin: false })
  })
  afterAll(() => t.close())

  it('answers ok when the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' })
  })

  it('answers 503 without internals when the database is gone', async () => {
    const other = await createTestApp({ withAdmin: false })
    await other.app.ctx.db.destroy()
    const res = await other.request({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: 'error', database: 'unreachable' })
    await other.close()
  })
})
