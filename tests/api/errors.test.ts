import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadEnv } from '#server/env.ts'
import { createTestApp, ORIGIN } from '#test/support/test-app.ts'
import { createTestDatabase } from '#test/support/test-db.ts'
import { adminAppForAll } from './helpers.ts'

const LEAKS =
  /stack|\bat \w|node_modules|\.ts:\d|select |insert |from "|footer_pages|sqlite|postgres|syntax error|relation|SECRET/i

const t = adminAppForAll()

describe('error responses', () => {
  it('unknown /api/ routes: 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper?x=1'],
      ['PATCH', '/api/categories'],
    ] as const) {
      const res = await t.request({ method, url, cookie: t.cookie })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toMatch(/application\/json/)
      expect(res.json()).toEqual({ error: expect.any(String) })
    }
  })

  it('malformed JSON: 400 {error} without a stack', async () => {
    for (const c of [undefined, t.cookie]) {
      const res = await t.request({
        method: 'POST',
        url: c ? '/api/categories' : '/api/auth/login',
        cookie: c,
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "admin", "password": ',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: 'Malformed JSON body' })
      expect(res.body).not.toMatch(LEAKS)
    }
  })

  it('invalid input: 400 {error, issues}', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/categories',
      cookie: t.cookie,
      payload: { name: '', slug: 'x', color: 'blue' },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.error).toEqual(expect.any(String))
    expect(body.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: expect.any(String), message: expect.any(String) })]),
    )
  })

  it('a body over 1 MB: 413 JSON', async () => {
    const payload = JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024 + 10) })
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ error: 'Request body is too large' })
  })

  it('an unsupported content type: 415 JSON', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ error: expect.any(String) })
  })

  it('a database error: 500 with a generic body, no SQL, no stack', async () => {
    const own = await createTestApp()
    try {
      // Renamed, not dropped: image_uses references it, and PostgreSQL refuses to drop a referenced table.
      await sql`alter table footer_pages rename to footer_pages_gone`.execute(own.app.ctx.db)
      const res = await own.request({ method: 'GET', url: '/api/footer-pages/slug/about' })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ error: 'Internal server error' })
      expect(res.body).not.toMatch(LEAKS)
    } finally {
      await own.close()
    }
  })

  it('an unexpected exception: 500 with a generic body', async () => {
    const database = await createTestDatabase()
    const env = loadEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: ORIGIN,
      SEED_DEMO: '0',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
    })
    const app = await buildApp({ database: database.handle, env })
    app.get('/api/test-throws', async () => {
      throw Object.assign(new Error('SECRET: select password_hash from users'), { sql: 'select 1' })
    })
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-throws' })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ error: 'Internal server error' })
      expect(res.body).not.toMatch(LEAKS)
    } finally {
      await app.close()
      await database.dispose()
    }
  })
})
