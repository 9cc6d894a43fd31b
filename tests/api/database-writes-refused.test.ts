import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { WRITE_PROBE_MS } from '#server/features/health/write-health.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { UNAVAILABLE_MESSAGES } from '#server/http/unavailable.ts'
import { refuseWrites } from '#test/support/refuse-writes.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

describe('a database that refuses writes (disk full, read-only)', () => {
  const clock = manualClock()
  let t: TestApp
  let admin: string
  let postId: string

  beforeAll(async () => {
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
    postId = (await createPost(t, admin, { title: 'Still readable', content: 'Body', status: 'published' })).id
  })
  afterAll(async () => {
    await refuseWrites(t, false)
    await t.close()
  })

  const health = () => t.request({ method: 'GET', url: '/healthz' })

  it('answers writes 503 with a clear message, keeps reads working, and /healthz says so until writes work again', async () => {
    expect((await health()).json()).toEqual({ status: 'ok', database: 'ok' })
    await refuseWrites(t, true)

    const write = await t.request({
      method: 'POST',
      url: '/api/categories',
      cookie: admin,
      payload: { name: 'Travel', slug: 'travel', color: '#3b82f6' },
    })
    expect(write.statusCode).toBe(503)
    expect(write.headers['retry-after']).toBe('5')
    expect(write.json()).toEqual({ error: UNAVAILABLE_MESSAGES['not-writable'] })
    expect((await t.request({ method: 'GET', url: `/api/posts/${postId}` })).statusCode).toBe(200)

    const down = await health()
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({ status: 'error', database: 'not-writable' })

    await refuseWrites(t, false)
    clock.tick(WRITE_PROBE_MS)
    const up = await health()
    expect(up.statusCode).toBe(200)
    expect(up.json()).toEqual({ status: 'ok', database: 'ok' })
  })

  it('reports refused writes on /healthz from the write probe alone', async () => {
    clock.tick(WRITE_PROBE_MS)
    await refuseWrites(t, true)
    try {
      expect((await health()).json()).toEqual({ status: 'error', database: 'not-writable' })
    } finally {
      await refuseWrites(t, false)
    }
    clock.tick(WRITE_PROBE_MS)
    expect((await health()).statusCode).toBe(200)
  })

  it('logs the view counts the database refused at shutdown, so an operator can still add them', async () => {
    const lines: Array<{ msg?: string; views?: Array<{ postId: string; count: number }> }> = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)))
        done()
      },
    })
    const { db, engine } = t.app.ctx
    const logged = await buildApp({
      database: { db, engine, close: async () => {} },
      env: t.app.ctx.env,
      clock,
      logger: { level: 'warn', stream },
    })
    await logged.ready()
    // Three readers (one network, three browsers): each view counts.
    for (let i = 0; i < 3; i++)
      expect(
        (
          await logged.inject({
            method: 'POST',
            url: `/api/posts/${postId}/view`,
            headers: { 'user-agent': `Mozilla/5.0 Reader ${i}` },
          })
        ).statusCode,
      ).toBe(204)
    await refuseWrites(t, true)
    try {
      await logged.flushViews()
      expect(logged.pendingViews()).toBe(3)
      await logged.close() // SIGTERM's path: the last flush fails too
    } finally {
      await refuseWrites(t, false)
    }
    const line = lines.find((l) => l.views)
    expect(line?.msg).toMatch(/view counts could not be written/)
    expect(line?.views).toEqual([expect.objectContaining({ postId, count: 3 })])
  })
})
