import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fedifyLoaded } from '#server/features/fediverse/fediverse-loader.ts'
import { saveSettings } from '#server/features/fediverse/fediverse-state.ts'
import { loadPage } from '#server/ssr/load-page.ts'
import { publishDuePosts } from '#server/features/scheduled-publishing/scheduled-publishing.service.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'

const AP = 'application/activity+json'
const HOST = new URL(ORIGIN).host

/**
 * With the fediverse switched off, the server never loads Fedify (@fedify/*, @js-temporal/polyfill: tens of MB and
 * a slower start); switching it on loads it at once, so the queue worker runs without waiting for a request. Each
 * test file runs in a process of its own, so nothing else here has loaded it.
 */
describe(`Fedify only while the fediverse is on (${TEST_ENGINE})`, () => {
  let t: TestApp
  let cookie: string
  const pending = async () =>
    (await t.app.ctx.db.selectFrom('fediverse_pending_posts').select('post_id').execute()).length
  const webfinger = () => t.request({ method: 'GET', url: `/.well-known/webfinger?resource=acct:blog@${HOST}` })

  beforeAll(async () => {
    t = await createTestApp({ beforeStart: (db) => saveSettings(db, { enabled: false, handle: 'blog' }, new Date()) })
    cookie = await t.login()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('switched off: not at start, nor for pages, post saves, scheduled posts published or federation paths', async () => {
    expect(fedifyLoaded()).toBe(false)

    const post = (
      await t.request({
        method: 'POST',
        url: '/api/posts',
        cookie,
        payload: { title: 'Written while off', content: 'x', status: 'published' },
      })
    ).json()
    const publishedAt = new Date(Date.now() + 60_000).toISOString()
    const scheduled = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie,
      payload: { title: 'Scheduled while off', content: 'x', status: 'scheduled', publishedAt },
    })
    expect(scheduled.statusCode).toBe(201)
    expect(await publishDuePosts(t.app.ctx.db, new Date(Date.now() + 120_000))).toEqual([scheduled.json().id])
    // Their marks are settled as before, telling no one.
    await expect.poll(pending).toBe(0)

    // The pages the server renders (the SSR bundle is the build's; its data, the site chrome included, is this).
    for (const path of ['/', '/blog', `/blog/${post.slug}`])
      expect((await loadPage(t.app.ctx, path, '', { isAdmin: false })).head.activity).toBeUndefined()
    expect((await t.request({ method: 'GET', url: '/api/fediverse' })).json()).toEqual({ account: null })
    // Federation paths fall through to the routes.
    expect((await webfinger()).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/fediverse/users/site', headers: { accept: AP } })).statusCode).toBe(
      404,
    )
    const asActivity = await t.request({ method: 'GET', url: `/blog/${post.slug}`, headers: { accept: AP } })
    expect(String(asActivity.headers['content-type'])).not.toMatch(/activity/)

    expect(fedifyLoaded()).toBe(false)
  })

  it('switched on: loaded at once, and the federation answers', async () => {
    const on = await t.request({
      method: 'PUT',
      url: '/api/admin/fediverse',
      cookie,
      payload: { enabled: true, handle: 'blog' },
    })
    expect(on.statusCode).toBe(200)
    expect(fedifyLoaded()).toBe(true)
    expect((await webfinger()).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/fediverse' })).json()).toEqual({ account: `@blog@${HOST}` })
  })
})
