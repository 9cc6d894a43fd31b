import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE_IDENTITY } from '#shared/site/identity.ts'
import { loadPage } from '#server/ssr/load-page.ts'
import { tinyPng } from '#test/support/test-images.ts'
import { adminAppForAll, multipart } from './helpers.ts'
import { ORIGIN } from '#test/support/test-app.ts'
import { createPost } from './posts.fixtures.ts'

const t = adminAppForAll()

const get = async () => (await t.request({ method: 'GET', url: '/api/site-identity' })).json()
const put = (identity: unknown, cookie: string | null = t.cookie) =>
  t.request({ method: 'PUT', url: '/api/site-identity', payload: identity as object, cookie: cookie ?? undefined })
const upload = async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/upload-image',
    cookie: t.cookie,
    ...multipart('image', 'icon.png', 'image/png', tinyPng(64, 64)),
  })
  expect(res.statusCode).toBe(201)
  return res.json().url as string
}
const OWNED = {
  title: 'Ada’s Notes',
  tagline: 'Small programs, long walks',
  description: 'What Ada learns, written down.',
  heroText: 'Hello, reader.',
  logo: '',
  favicon: '',
  accentColor: '#b91c1c',
  timeZone: 'Europe/Zurich',
  language: 'de-CH',
  footerLine: '© {year} {title}. Some rights reserved.',
  fullContentRss: true,
}

describe('site identity (Settings → General)', () => {
  it('a fresh site answers the defaults', async () => {
    expect(await get()).toEqual(DEFAULT_SITE_IDENTITY)
  })

  it("saves the owner's values and answers them; the feed takes the title, description and language", async () => {
    const res = await put({ ...OWNED, title: '  Ada’s Notes  ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual(OWNED)
    expect(await get()).toEqual(OWNED)
    const rss = (await t.request({ method: 'GET', url: '/rss.xml' })).body
    expect(rss).toContain('<title>Ada’s Notes</title>')
    expect(rss).toContain('<description>What Ada learns, written down.</description>')
    expect(rss).toContain('<language>de-ch</language>')
  })

  it('refuses what is not a title, colour, time zone, language or uploaded image (400) and changes nothing', async () => {
    const before = await get()
    for (const change of [
      { title: '' },
      { title: undefined },
      { accentColor: 'red' },
      { accentColor: '#12345g' },
      { accentColor: '#123456;}body{display:none' },
      { timeZone: 'Mars/Olympus' },
      { language: 'not a language' },
      { logo: 'javascript:alert(1)' },
      { logo: 'https://evil.example/logo.png' },
      { favicon: 'data:image/png;base64,AAAA' },
      { favicon: '/uploads/../secret.png' },
      { fullContentRss: 'yes' },
      { footerLine: 'x'.repeat(301) },
    ]) {
      const res = await put({ ...OWNED, ...change })
      expect(res.statusCode, JSON.stringify(change)).toBe(400)
      expect(res.json().error).toEqual(expect.any(String))
    }
    expect((await put([])).statusCode).toBe(400)
    expect(await get()).toEqual(before)
  })

  it('PUT needs a session (401)', async () => {
    expect((await put(OWNED, null)).statusCode).toBe(401)
  })

  it('/favicon.ico answers with the default icon, then with the uploaded one', async () => {
    await put(OWNED)
    const plain = await t.request({ method: 'GET', url: '/favicon.ico' })
    expect(plain.statusCode).toBe(302)
    expect(plain.headers.location).toBe('/favicon.svg')

    const icon = await upload()
    expect((await put({ ...OWNED, favicon: icon, logo: icon })).statusCode).toBe(200)
    const uploaded = await t.request({ method: 'GET', url: '/favicon.ico' })
    expect(uploaded.statusCode).toBe(302)
    const variant = uploaded.headers.location as string
    expect(variant).toMatch(/^\/uploads\/[a-f0-9]{64}-480\.png$/)
    const image = await t.request({ method: 'GET', url: variant })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
  })

  it('a stored identity that no longer passes keeps its good fields and the defaults for the rest', async () => {
    // Written behind the API's back, so the cached answers are dropped by hand.
    const store = async (value: string) => {
      await t.app.ctx.db.updateTable('site_settings').set({ value }).where('key', '=', 'site_identity').execute()
      await t.app.responseCache.invalidate()
    }
    await store(JSON.stringify({ ...OWNED, accentColor: 'url(evil)', timeZone: 42 }))
    expect(await get()).toEqual({
      ...OWNED,
      accentColor: DEFAULT_SITE_IDENTITY.accentColor,
      timeZone: DEFAULT_SITE_IDENTITY.timeZone,
    })
    await store('{not json')
    expect(await get()).toEqual(DEFAULT_SITE_IDENTITY)
  })

  it('a change shows at once on server-rendered pages, whose content version it moves', async () => {
    const titleOf = async () => {
      const page = await loadPage(t.app.ctx, '/', '', { isAdmin: false }, await t.app.responseCache.sync())
      return page.head.title
    }
    expect((await put(OWNED)).statusCode).toBe(200)
    expect(await titleOf()).toBe('Ada’s Notes: Small programs, long walks')
    expect((await put({ ...OWNED, title: 'Renamed', tagline: '' })).statusCode).toBe(200)
    expect(await titleOf()).toBe('Renamed')
  })

  it('the feed carries each post’s whole text unless the owner chose excerpts only', async () => {
    await createPost(t, t.cookie, {
      title: 'Full text',
      slug: 'full-text',
      content: 'First paragraph.\n\nSecond paragraph with [a link](/about) and ![a cat](/uploads/cat.png).',
      status: 'published',
    })
    await put({ ...OWNED, fullContentRss: true })
    const full = (await t.request({ method: 'GET', url: '/rss.xml' })).body
    expect(full).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"')
    const encoded = /<content:encoded>(.*?)<\/content:encoded>/s.exec(full)?.[1] ?? ''
    expect(encoded).toContain('Second paragraph')
    expect(encoded).toContain(`href=&quot;${ORIGIN}/about&quot;`)
    expect(encoded).not.toMatch(/(src|href)=&quot;\//)

    await put({ ...OWNED, fullContentRss: false })
    const excerpts = (await t.request({ method: 'GET', url: '/rss.xml' })).body
    expect(excerpts).toContain('<title>Full text</title>')
    expect(excerpts).not.toContain('<content:encoded>')
  })

  it("/feed/ and /rss/, other engines' feed addresses, answer 301 to /rss.xml", async () => {
    for (const url of ['/feed', '/feed/', '/rss', '/rss/']) {
      const res = await t.request({ method: 'GET', url })
      expect(res.statusCode, url).toBe(301)
      expect(res.headers.location, url).toBe('/rss.xml')
    }
  })
})
