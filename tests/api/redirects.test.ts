import { describe, expect, it } from 'vitest'
import { RedirectSchema } from '#shared/schemas/redirect.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { createPost, MINUTE } from './posts.fixtures.ts'
import { MAX_PATHS_PER_FLUSH, NOT_FOUND_LOG_ROWS } from '#server/features/redirects/path-log.ts'
import { adminAppForAll } from './helpers.ts'

describe('redirects: slug changes, rules by hand, the 404 log', () => {
  const clock = manualClock()
  const t = adminAppForAll({ clock })

  const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers })
  const put = (id: string, payload: object) =>
    t.request({ method: 'PUT', url: `/api/posts/${id}`, cookie: t.cookie, payload })
  const addRule = (fromPath: string, toPath: string) =>
    t.request({ method: 'POST', url: '/api/redirects', cookie: t.cookie, payload: { fromPath, toPath } })
  const rules = async () => {
    const res = await t.request({ method: 'GET', url: '/api/redirects?limit=200', cookie: t.cookie })
    expect(res.statusCode).toBe(200)
    return res.json().map((r: unknown) => RedirectSchema.parse(r))
  }

  it('answers 301 from a published post’s old slug, and collapses chains (A → B → C leaves A → C)', async () => {
    const post = await createPost(t, t.cookie, { title: 'Chain', slug: 'chain-a', status: 'published' })
    expect((await put(post.id, { slug: 'chain-b' })).statusCode).toBe(200)
    const first = await get('/blog/chain-a')
    expect(first.statusCode).toBe(301)
    expect(first.headers.location).toBe('/blog/chain-b')

    clock.tick(MINUTE)
    expect((await put(post.id, { slug: 'chain-c' })).statusCode).toBe(200)
    expect((await get('/blog/chain-a')).headers.location).toBe('/blog/chain-c')
    expect((await get('/blog/chain-b')).headers.location).toBe('/blog/chain-c')
    const mine = (await rules()).filter((r: { fromPath: string }) => r.fromPath.startsWith('/blog/chain-'))
    expect(
      mine.map((r: { fromPath: string; toPath: string; source: string }) => [r.fromPath, r.toPath, r.source]).sort(),
    ).toEqual([
      ['/blog/chain-a', '/blog/chain-c', 'slug'],
      ['/blog/chain-b', '/blog/chain-c', 'slug'],
    ])
  })

  it('gives a slug back to the post when it is renamed back: the shadowing rule goes, no loop is left', async () => {
    const post = await createPost(t, t.cookie, { title: 'Back', slug: 'back-a', status: 'published' })
    await put(post.id, { slug: 'back-b' })
    await put(post.id, { slug: 'back-a' })
    expect((await get('/blog/back-b')).headers.location).toBe('/blog/back-a')
    const mine = (await rules()).filter((r: { fromPath: string }) => r.fromPath.startsWith('/blog/back-'))
    expect(mine.map((r: { fromPath: string; toPath: string }) => `${r.fromPath}>${r.toPath}`)).toEqual([
      '/blog/back-b>/blog/back-a',
    ])
  })

  it('leaves drafts alone: their old slug was never public', async () => {
    const post = await createPost(t, t.cookie, { title: 'Quiet', slug: 'quiet-a' })
    await put(post.id, { slug: 'quiet-b' })
    expect((await get('/blog/quiet-a')).statusCode).toBe(404)
  })

  it('adds and removes rules by hand; keeps the query of a WordPress address; follows a redirected target', async () => {
    const created = await addRule('/?p=123', 'http://localhost:3000/blog/chain-c')
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ fromPath: '/?p=123', toPath: '/blog/chain-c', source: 'manual', hits: 0 })
    const hop = await addRule('/old-about/', '/blog/chain-a')
    expect(hop.json()).toMatchObject({ fromPath: '/old-about', toPath: '/blog/chain-c' })
    const res = await get('/old-about?utm_source=x')
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/blog/chain-c')

    expect(
      (await t.request({ method: 'DELETE', url: `/api/redirects/${hop.json().id}`, cookie: t.cookie })).statusCode,
    ).toBe(204)
    expect((await get('/old-about')).statusCode).toBe(404)
    expect(
      (await t.request({ method: 'DELETE', url: `/api/redirects/${hop.json().id}`, cookie: t.cookie })).statusCode,
    ).toBe(404)
  })

  it('refuses loops, external targets, duplicates and the site’s own paths with a message', async () => {
    await addRule('/loop-a', '/loop-b')
    const cases: Array<[string, string, number, RegExp]> = [
      ['/loop-b', '/loop-a', 400, /loop/],
      ['/self', '/self/', 400, /itself/],
      ['/away', 'https://evil.example/x', 400, /on this site/],
      ['/away', '//evil.example/x', 400, /on this site/],
      ['/away', 'javascript:alert(1)', 400, /on this site/],
      ['/loop-a', '/elsewhere', 409, /already exists/],
      ['/api/posts', '/blog', 400, /belongs to the site/],
      ['/admin', '/blog', 400, /belongs to the site/],
      ['', '/blog', 400, /required/],
      [`/${'x'.repeat(600)}`, '/blog', 400, /at most/],
    ]
    for (const [from, to, status, message] of cases) {
      const res = await addRule(from, to)
      expect(res.statusCode, `${from} -> ${to}: ${res.body}`).toBe(status)
      expect(res.json().error).toMatch(message)
    }
  })

  it('refuses every target that a browser would read as another site, on the form and in storage', async () => {
    const port = 'http://localhost:3000'
    const forms = [
      '/a/..//evil.example',
      '/.//evil.example',
      '/x/%2e%2e//evil.example',
      '/./..//evil.example',
      `${port}//evil.example`,
      `${port}/a/..//evil.example`,
      '/\\evil.example',
      '\\\\evil.example',
      '/%2F%2Fevil.example',
      '/%5C%5Cevil.example',
      '/\t/evil.example',
      'https://evil.example/phish',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]
    for (const target of forms) {
      const res = await addRule('/open-door', target)
      expect(res.statusCode, `${target}: ${res.body}`).toBe(400)
      expect(res.json().error, target).toMatch(/on this site|start with/)
    }
    expect((await get('/open-door')).statusCode).toBe(404)
    // Dot segments and repeated slashes that stay on the site are tidied, not refused.
    const tidy = await addRule('/tidy-door', '/blog/x/../chain-c//')
    expect(tidy.statusCode, tidy.body).toBe(201)
    expect(tidy.json().toPath).toBe('/blog/chain-c')
  })

  it('judges loops without the query string: a request is matched by its path alone too', async () => {
    const own = await addRule('/q-loop', '/q-loop?a=1')
    expect(own.statusCode, own.body).toBe(400)
    expect(own.json().error).toMatch(/loop/)
    expect((await get('/q-loop?a=1')).statusCode).toBe(404)

    expect((await addRule('/l1', '/l2?z=1')).statusCode).toBe(201)
    const back = await addRule('/l2', '/l1')
    expect(back.statusCode, back.body).toBe(400)
    expect(back.json().error).toMatch(/loop/)
    const res = await get('/l1')
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/l2?z=1')
    expect((await get('/l2?z=1')).statusCode).toBe(404)

    // A rule retargeted by a new one may not end up leading back to itself either.
    expect((await addRule('/m1', '/m2?q=1')).statusCode).toBe(201)
    const around = await addRule('/m2', '/m1?x=1')
    expect(around.statusCode, around.body).toBe(400)
  })

  it('keeps every rule screen and call admin-only', async () => {
    for (const [method, url] of [
      ['GET', '/api/redirects'],
      ['POST', '/api/redirects'],
      ['DELETE', '/api/redirects/x'],
      ['GET', '/api/not-found-log'],
      ['DELETE', '/api/not-found-log?path=/x'],
    ] as const) {
      expect(
        (await t.request({ method, url, payload: method === 'POST' ? { fromPath: '/a', toPath: '/b' } : undefined }))
          .statusCode,
        url,
      ).toBe(401)
    }
  })

  it('logs 404s with hits, last seen and referrer; counts redirect hits; one click turns a 404 into a rule', async () => {
    await get('/gone-page', { referer: 'https://news.example/thread' })
    clock.tick(MINUTE)
    await get('/gone-page/')
    await get('/api/not-a-route')
    await get('/blog/chain-a')
    const log = await t.request({ method: 'GET', url: '/api/not-found-log', cookie: t.cookie })
    expect(log.statusCode).toBe(200)
    const entry = log.json().find((e: { path: string }) => e.path === '/gone-page')
    expect(entry).toMatchObject({ hits: 2, referrer: 'https://news.example/thread', lastSeenAt: clock().toISOString() })
    expect(log.json().some((e: { path: string }) => e.path.startsWith('/api/'))).toBe(false)
    expect(
      (await rules()).find((r: { fromPath: string }) => r.fromPath === '/blog/chain-a').hits,
    ).toBeGreaterThanOrEqual(1)

    expect((await addRule('/gone-page', '/blog/chain-c')).statusCode).toBe(201)
    const after = await t.request({ method: 'GET', url: '/api/not-found-log', cookie: t.cookie })
    expect(after.json().some((e: { path: string }) => e.path === '/gone-page')).toBe(false)
    expect((await get('/gone-page')).headers.location).toBe('/blog/chain-c')
  })

  it('dismisses a 404 entry', async () => {
    await get('/dismiss-me')
    await t.app.flushPathLog()
    expect(
      (await t.request({ method: 'DELETE', url: '/api/not-found-log?path=/dismiss-me', cookie: t.cookie })).statusCode,
    ).toBe(204)
    expect(
      (await t.request({ method: 'DELETE', url: '/api/not-found-log?path=/dismiss-me', cookie: t.cookie })).statusCode,
    ).toBe(404)
  })

  it('checks post links for the pre-publish checklist: published or redirected is fine, drafts and unknown are broken', async () => {
    const live = await createPost(t, t.cookie, { title: 'Linked', slug: 'linked-live', status: 'published' })
    await createPost(t, t.cookie, { title: 'Hidden', slug: 'linked-draft' })
    const res = await t.request({
      method: 'POST',
      url: '/api/link-check',
      cookie: t.cookie,
      payload: {
        paths: [`/blog/${live.slug}`, '/blog/linked-draft', '/blog/nowhere', '/blog/chain-a', '/blog/%E0%A4%A'],
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ broken: ['/blog/linked-draft', '/blog/nowhere'] })
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/link-check',
          cookie: t.cookie,
          payload: { paths: Array(51).fill('/blog/x') },
        })
      ).statusCode,
    ).toBe(400)
    expect((await t.request({ method: 'POST', url: '/api/link-check', payload: { paths: [] } })).statusCode).toBe(401)
  })

  it('stays bounded when bots hammer random paths', async () => {
    for (let i = 0; i < 3; i++) await get('/real-broken-link')
    await t.app.flushPathLog()
    for (let round = 0; round < 4; round++) {
      await Promise.all(Array.from({ length: MAX_PATHS_PER_FLUSH + 50 }, (_, i) => get(`/bot-${round}-${i}`)))
      await t.app.flushPathLog()
    }
    const count = await t.app.ctx.db
      .selectFrom('not_found_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBeLessThanOrEqual(NOT_FOUND_LOG_ROWS)
    // A real broken link (seen more than once) outlives the one-hit noise.
    const log = await t.request({ method: 'GET', url: '/api/not-found-log', cookie: t.cookie })
    expect(log.json()[0]).toMatchObject({ path: '/real-broken-link', hits: 3 })
  })
})
