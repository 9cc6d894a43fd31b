import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFUSED_WRITE_HOLD_MS } from '#server/features/health/write-health.ts'
import { UNAVAILABLE_MESSAGES } from '#server/http/unavailable.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

// A disk that fills up: SQLite answers SQLITE_FULL once the file would grow past max_page_count, while writes that
// fit in pages it already has (the health probe's one-row rewrite) go on working. The system test does it on a tmpfs.
describe('a full disk on SQLite', () => {
  const clock = manualClock()
  let t: TestApp
  let admin: string
  const pages = async () =>
    Number((await sql<{ page_count: number }>`pragma page_count`.execute(t.app.ctx.db)).rows[0]!.page_count)
  const capAt = (n: number | null) => sql.raw(`pragma max_page_count = ${n ?? 1073741823}`).execute(t.app.ctx.db)
  const health = () => t.request({ method: 'GET', url: '/healthz' })
  const big = (i: number) => `Paragraph ${i} ${'words that take room '.repeat(9000)}`

  beforeAll(async () => {
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
  })
  afterAll(() => t.close())

  it('answers post saves 503 "The blog cannot save changes right now", not 500; /healthz says not-writable', async () => {
    const post = await createPost(t, admin, { title: 'Grows', content: 'Short', status: 'draft' })
    // No free pages left inside the file: the next page a save needs would grow it.
    await sql`vacuum`.execute(t.app.ctx.db)
    await capAt(await pages())

    const created = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: admin,
      payload: { title: 'Too big for the disk', content: big(1), status: 'published' },
    })
    expect(created.statusCode, created.body.slice(0, 200)).toBe(503)
    expect(created.json()).toEqual({ error: UNAVAILABLE_MESSAGES['not-writable'] })
    expect(created.json().error).toMatch(/^The blog cannot save changes right now/)

    const updated = await t.request({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      cookie: admin,
      payload: { content: big(2) },
    })
    expect(updated.statusCode, updated.body.slice(0, 200)).toBe(503)
    expect(updated.headers['retry-after']).toBe('5')

    // The probe's tiny write still fits, yet /healthz reports the refused save.
    const down = await health()
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({ status: 'error', database: 'not-writable' })

    // Nothing half-written: the post kept its text, and the database takes writes once there is room again.
    expect((await t.request({ method: 'GET', url: `/api/posts/${post.id}`, cookie: admin })).json().content).toBe(
      'Short',
    )
    await capAt(null)
    const saved = await t.request({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      cookie: admin,
      payload: { content: big(3) },
    })
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(200)
    clock.tick(REFUSED_WRITE_HOLD_MS)
    expect((await health()).json()).toEqual({ status: 'ok', database: 'ok' })
  })
})
