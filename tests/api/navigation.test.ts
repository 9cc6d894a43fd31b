import { describe, expect, it } from 'vitest'
import { loadPage } from '#server/ssr/load-page.ts'
import { adminAppForAll } from './helpers.ts'

const t = adminAppForAll()

const get = async () => (await t.request({ method: 'GET', url: '/api/navigation' })).json()
const put = (navigation: unknown, cookie: string | null = t.cookie) =>
  t.request({ method: 'PUT', url: '/api/navigation', payload: navigation as object, cookie: cookie ?? undefined })
const createPage = async (title: string, isActive = true) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/footer-pages',
    cookie: t.cookie,
    payload: { title, content: 'Text.', isActive },
  })
  expect(res.statusCode).toBe(201)
  return res.json()
}

describe('navigation (Settings → Navigation)', () => {
  it('until saved: Home and Blog in the header, every active page in the footer, a new one included', async () => {
    await createPage('Imprint')
    await createPage('Hidden draft', false)
    const nav = await get()
    expect(nav.header).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Blog', href: '/blog' },
    ])
    expect(nav.footer).toContainEqual({ label: 'Imprint', href: '/imprint' })
    expect(nav.footer.map((l: { label: string }) => l.label)).not.toContain('Hidden draft')
  })

  it('saves labels, order and links to pages, categories, tags or any http(s) URL', async () => {
    const menus = {
      header: [
        { label: 'Writing', href: '/blog' },
        { label: 'Code', href: '/category/code' },
        { label: 'Rust', href: '/tag/rust' },
        { label: 'Mastodon', href: 'https://social.example/@me' },
      ],
      footer: [{ label: ' Imprint ', href: '/imprint' }],
    }
    const res = await put(menus)
    expect(res.statusCode, res.body).toBe(200)
    const saved = { ...menus, footer: [{ label: 'Imprint', href: '/imprint' }] }
    expect(res.json()).toEqual(saved)
    expect(await get()).toEqual(saved)
    // Server-rendered pages carry the new menus at once (the write moved the content version).
    const page = await loadPage(t.app.ctx, '/', '', { isAdmin: false }, await t.app.responseCache.sync())
    expect(page.state.queries.find((q) => q.queryKey[0] === '/api/navigation')?.state.data).toEqual(saved)
  })

  it('refuses links that could run script or leave the site oddly, and empty labels (400); nothing changes', async () => {
    const before = await get()
    for (const href of ['javascript:alert(1)', 'data:text/html,hi', '//evil.example', 'vbscript:x', 'ftp://x', '']) {
      const res = await put({ header: [{ label: 'Bad', href }], footer: [] })
      expect(res.statusCode, href).toBe(400)
    }
    expect((await put({ header: [{ label: '  ', href: '/' }], footer: [] })).statusCode).toBe(400)
    expect((await put({ header: Array(13).fill({ label: 'x', href: '/' }), footer: [] })).statusCode).toBe(400)
    expect((await put({ header: [] })).statusCode).toBe(400)
    expect(await get()).toEqual(before)
  })

  it('DELETE puts the default menus back, which follow the pages again', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/navigation', cookie: t.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.json().header).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Blog', href: '/blog' },
    ])
    await createPage('Uses')
    expect((await get()).footer).toContainEqual({ label: 'Uses', href: '/uses' })
  })

  it('PUT and DELETE need a session (401)', async () => {
    expect((await put({ header: [], footer: [] }, null)).statusCode).toBe(401)
    expect((await t.request({ method: 'DELETE', url: '/api/navigation' })).statusCode).toBe(401)
  })
})
