import { describe, expect, it } from 'vitest'
import { adminAppForAll } from './helpers.ts'

const t = adminAppForAll()

const create = (body: object) =>
  t.request({ method: 'POST', url: '/api/footer-pages', payload: body, cookie: t.cookie })
const update = (id: string, body: object) =>
  t.request({ method: 'PUT', url: `/api/footer-pages/${id}`, payload: body, cookie: t.cookie })

describe('footer pages', () => {
  it('creates with a slug from the title and defaults (201), readable publicly by slug', async () => {
    const res = await create({
      title: 'Cookie Policy!',
      content: '# Cookies\n- none',
      metaTitle: 'Cookies',
      metaDescription: '',
      featuredImage: '',
    })
    expect(res.statusCode).toBe(201)
    const page = res.json()
    expect(page).toMatchObject({
      title: 'Cookie Policy!',
      slug: 'cookie-policy',
      content: '# Cookies\n- none',
      metaTitle: 'Cookies',
      metaDescription: null,
      featuredImage: null,
      isActive: true,
      sortOrder: 0,
    })
    expect(page.createdAt).toBe(page.updatedAt)

    const pub = await t.request({ method: 'GET', url: '/api/footer-pages/slug/cookie-policy' })
    expect(pub.statusCode).toBe(200)
    expect(pub.json()).toEqual({ ...page, contentHtml: expect.stringContaining('<li>none</li>') })
  })

  it('lists (admin) by sort order then title, and gets one by id', async () => {
    await create({ title: 'Zeta', content: 'z', sortOrder: 1 })
    await create({ title: 'Alpha', content: 'a', sortOrder: 1 })
    const res = await t.request({ method: 'GET', url: '/api/footer-pages', cookie: t.cookie })
    expect(res.statusCode).toBe(200)
    const titles = res.json().map((p: { title: string }) => p.title)
    expect(titles.slice(-2)).toEqual(['Alpha', 'Zeta'])
    expect(titles.indexOf('Cookie Policy!')).toBeLessThan(titles.indexOf('Alpha'))
    const alpha = res.json().find((p: { title: string }) => p.title === 'Alpha')
    const one = await t.request({ method: 'GET', url: `/api/footer-pages/${alpha.id}`, cookie: t.cookie })
    expect(one.json()).toEqual(alpha)
    expect(
      (await t.request({ method: 'GET', url: `/api/footer-pages/${crypto.randomUUID()}`, cookie: t.cookie }))
        .statusCode,
    ).toBe(404)
  })

  it('updates: keeps slug, active flag and order the editor does not send; bumps updatedAt', async () => {
    const page = (await create({ title: 'Shipping', content: 'old', sortOrder: 7 })).json()
    await new Promise((r) => setTimeout(r, 5))
    const res = await update(page.id, {
      title: 'Shipping & Returns',
      content: 'new text',
      metaTitle: 'Ship',
      metaDescription: 'How',
      featuredImage: '/uploads/x.png',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: page.id,
      slug: 'shipping',
      title: 'Shipping & Returns',
      content: 'new text',
      featuredImage: '/uploads/x.png',
      sortOrder: 7,
      isActive: true,
    })
    expect(res.json().updatedAt > page.updatedAt).toBe(true)
    expect(res.json().createdAt).toBe(page.createdAt)
    const renamed = await update(page.id, { title: 'Shipping', content: 'x', slug: 'delivery' })
    expect(renamed.json().slug).toBe('delivery')
    expect((await t.request({ method: 'GET', url: '/api/footer-pages/slug/shipping' })).statusCode).toBe(404)
    expect((await update(crypto.randomUUID(), { title: 'x', content: 'y' })).statusCode).toBe(404)
  })

  it('answers 409 for a duplicate slug (given or derived), 400 for a reserved or empty one', async () => {
    const first = (await create({ title: 'Imprint', content: 'x' })).json()
    expect((await create({ title: 'Imprint', content: 'y' })).statusCode).toBe(409)
    const dup = await create({ title: 'Other', slug: 'imprint', content: 'y' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toEqual({ error: 'A page with the slug "imprint" already exists' })
    const other = (await create({ title: 'Legal', content: 'y' })).json()
    expect((await update(other.id, { title: 'Legal', content: 'y', slug: 'imprint' })).statusCode).toBe(409)
    expect((await update(first.id, { title: 'Imprint', content: 'z', slug: 'imprint' })).statusCode).toBe(200)
    expect((await create({ title: 'Blog', content: 'y' })).statusCode).toBe(400)
    // /rss and /feed lead to the feed (301), so no page may take them.
    expect((await create({ title: 'RSS', content: 'y' })).statusCode).toBe(400)
    expect((await create({ title: '!!!', content: 'y' })).statusCode).toBe(400)
  })

  it('validates title, content and image URLs (400)', async () => {
    for (const body of [
      { title: '', content: 'x' },
      { title: 'T', content: '   ' },
      { title: 'T', content: 'x', featuredImage: 'javascript:alert(1)' },
      { title: 'T', content: 'x', slug: 'Bad Slug' },
    ]) {
      expect((await create(body)).statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  it('an inactive page is 404 publicly but stays editable', async () => {
    const page = (await create({ title: 'Hidden', content: 'x', isActive: false })).json()
    expect((await t.request({ method: 'GET', url: '/api/footer-pages/slug/hidden' })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/footer-pages/${page.id}`, cookie: t.cookie })).statusCode).toBe(
      200,
    )
    expect((await t.request({ method: 'GET', url: '/api/footer-pages/slug/no-such-page' })).json()).toEqual({
      error: 'Page not found',
    })
  })

  it('readers get the text rendered by the post renderer, with its safety: links work, script never runs', async () => {
    const content = [
      'Write to [me@example.com](mailto:me@example.com) or see [the blog](/blog).',
      '',
      '<script>alert(1)</script> [bad](javascript:alert(1)) <img src=x onerror=alert(1)>',
    ].join('\n')
    const page = (await create({ title: 'Reach Me', content })).json()
    const pub = (await t.request({ method: 'GET', url: '/api/footer-pages/slug/reach-me' })).json()
    expect(pub.content).toBe(content)
    expect(pub.contentHtml).toContain('<a href="mailto:me@example.com"')
    expect(pub.contentHtml).toContain('>me@example.com</a>')
    expect(pub.contentHtml).toContain('<a href="/blog"')
    // Raw HTML is shown as text, and a javascript: link stays text.
    expect(pub.contentHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(pub.contentHtml).not.toMatch(/<script|<img|href="javascript/i)
    // The admin edits the markdown; only readers need the HTML.
    const own = (await t.request({ method: 'GET', url: `/api/footer-pages/${page.id}`, cookie: t.cookie })).json()
    expect(own.contentHtml).toBeUndefined()
  })

  it('admin calls answer 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/footer-pages' })).statusCode).toBe(401)
    expect(
      (await t.request({ method: 'POST', url: '/api/footer-pages', payload: { title: 'x', content: 'y' } })).statusCode,
    ).toBe(401)
  })
})
