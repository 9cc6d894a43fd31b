import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RENDER_VERSION } from '#server/features/posts/posts.service.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { multipart } from '../helpers.ts'
import { importAndWait } from '#test/support/import-job.ts'

const ghostExport = (slugs: string[]) =>
  JSON.stringify({
    db: [
      {
        meta: { version: '5.80.0' },
        data: {
          posts: slugs.map((slug, i) => ({
            id: `p${i}`,
            title: `Post ${slug}`,
            slug,
            html: `<p>Hello <strong>${slug}</strong></p>`,
            status: 'published',
            type: 'post',
            created_at: '2024-01-01T10:00:00.000Z',
            updated_at: '2024-01-01T10:00:00.000Z',
            published_at: '2024-01-01T10:00:00.000Z',
          })),
        },
      },
    ],
  })

describe('after an import', () => {
  let t: TestApp
  let cookie: string
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await t.login()
  })
  afterEach(async () => t?.close())

  const importGhost = async (slugs: string[]) => {
    const res = await importAndWait(t, {
      url: '/api/admin/import',
      cookie,
      ...multipart('file', 'ghost.json', 'application/json', Buffer.from(ghostExport(slugs))),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  it('old addresses become rules of the one redirects table: the 404 log forgets them, a chain stays one hop', async () => {
    const db = t.app.ctx.db
    await db
      .insertInto('not_found_log')
      .values({ path: '/moved-here', hits: 4, referrer: null, last_seen_at: '2026-11-01T00:00:00.000Z' })
      .execute()
    // An older rule leads to the imported post's old address: it now leads straight to the post.
    const older = await t.request({
      method: 'POST',
      url: '/api/redirects',
      cookie,
      payload: { fromPath: '/2019/moved-here', toPath: '/moved-here' },
    })
    expect(older.statusCode, older.body).toBe(201)

    await importGhost(['moved-here'])
    const log = (await t.request({ method: 'GET', url: '/api/not-found-log', cookie })).json()
    expect(log.map((e: { path: string }) => e.path)).not.toContain('/moved-here')
    const rules = await db.selectFrom('redirects').select(['from_path', 'to_path']).orderBy('from_path').execute()
    expect(rules).toEqual([
      { from_path: '/2019/moved-here', to_path: '/blog/moved-here' },
      { from_path: '/moved-here', to_path: '/blog/moved-here' },
    ])
    const res = await t.request({ method: 'GET', url: '/2019/moved-here' })
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/blog/moved-here')
  })

  it('imported posts read rendered at once, and the server stores their HTML in the background', async () => {
    await importGhost(['first-one', 'second-one'])
    expect((await t.request({ method: 'GET', url: '/api/posts/slug/first-one' })).json().contentHtml).toContain(
      '<strong>first-one</strong>',
    )
    const stale = async () =>
      (await t.app.ctx.db.selectFrom('posts').select('id').where('render_version', '<', RENDER_VERSION).execute())
        .length
    for (let i = 0; i < 100 && (await stale()) > 0; i++) await new Promise((r) => setTimeout(r, 50))
    expect(await stale()).toBe(0)
    const stored = await t.app.ctx.db
      .selectFrom('posts')
      .select('content_html')
      .where('slug', '=', 'second-one')
      .executeTakeFirstOrThrow()
    expect(stored.content_html).toContain('<strong>second-one</strong>')
  })
})
