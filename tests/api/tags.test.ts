import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#shared/paths.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, insertCategory, MINUTE } from './posts.fixtures.ts'

describe('tags and per-listing feeds', () => {
  let t: TestApp
  const clock = manualClock()
  const get = (url: string) => t.request({ method: 'GET', url })
  const itemLinks = (xml: string) =>
    [...xml.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map((m) => m[1])

  beforeAll(async () => {
    t = await createTestApp({ clock })
    const cookie = await adminCookie(t)
    const code = await insertCategory(t, 'Code & Craft', 'code')
    const life = await insertCategory(t, 'Life', 'life')
    const post = async (title: string, extra: object) => {
      clock.tick(MINUTE)
      return createPost(t, cookie, { title, content: `${title} body`, status: 'published', ...extra })
    }
    await post('Old spelling', { tags: ['Markdown'], categoryId: code })
    await post('New spelling', { tags: ['markdown', 'C++'], categoryId: life })
    await post('Slash tag', { tags: ['a/b', 'Ünïcode Tag'] })
    await post('Untagged code', { categoryId: code })
    await createPost(t, cookie, { title: 'Hidden draft', tags: ['markdown', 'secret'], categoryId: code })
  })
  afterAll(() => t.close())

  it('finds a tag by any spelling and names it as its latest published post spells it', async () => {
    for (const url of ['/api/tags/markdown', '/api/tags/MARKDOWN', '/api/tags/%20Markdown%20']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.json()).toEqual({ name: 'markdown', key: 'markdown', postCount: 2 })
    }
    expect((await get('/api/tags/c%2B%2B')).json()).toEqual({ name: 'C++', key: 'c++', postCount: 1 })
    expect((await get(`/api/tags/${encodeURIComponent('ünïcode tag')}`)).json()).toMatchObject({
      name: 'Ünïcode Tag',
      postCount: 1,
    })
  })

  it('answers 404 for a tag with no published post, and never 500 for odd input', async () => {
    for (const url of [
      '/api/tags/secret',
      '/api/tags/nothing',
      '/api/tags/%20',
      `/api/tags/${'x'.repeat(51)}`,
      `/api/tags/${'x'.repeat(300)}`,
      '/api/tags/%E0%A4%A',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, url).toBeLessThan(500)
      expect(typeof res.json().error).toBe('string')
    }
    expect((await get('/api/tags/secret')).statusCode).toBe(404)
  })

  it("serves a tag's feed with its published posts only, at any spelling of the tag", async () => {
    const res = await get('/tag/markdown/rss.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/rss+xml')
    expect(itemLinks(res.body)).toEqual([`${ORIGIN}/blog/new-spelling`, `${ORIGIN}/blog/old-spelling`])
    expect(res.body).toContain('<title>Lab of Life: markdown</title>')
    expect(res.body).toContain(`<link>${ORIGIN}/tag/markdown</link>`)
    expect(res.body).toContain('<description>Articles tagged “markdown”.</description>')
    expect(res.body).toContain(
      `<atom:link href="${ORIGIN}/tag/markdown/rss.xml" rel="self" type="application/rss+xml"/>`,
    )
    expect(res.body).not.toContain('hidden-draft')
    expect(itemLinks((await get('/tag/MarkDown/rss.xml')).body)).toEqual(itemLinks(res.body))

    for (const [tag, slug] of [
      ['C++', 'new-spelling'],
      ['a/b', 'slash-tag'],
      ['Ünïcode Tag', 'slash-tag'],
    ] as const) {
      const feed = await get(paths.tagFeed(tag))
      expect(feed.statusCode, tag).toBe(200)
      expect(itemLinks(feed.body), tag).toEqual([`${ORIGIN}/blog/${slug}`])
    }
    expect((await get('/tag/secret/rss.xml')).statusCode).toBe(404)
    expect((await get('/tag/nothing/rss.xml')).json()).toEqual({ error: 'Tag not found' })
  })

  it("serves a category's feed with its published posts only", async () => {
    const res = await get('/category/code/rss.xml')
    expect(res.statusCode).toBe(200)
    expect(itemLinks(res.body)).toEqual([`${ORIGIN}/blog/untagged-code`, `${ORIGIN}/blog/old-spelling`])
    expect(res.body).toContain('<title>Lab of Life: Code &amp; Craft</title>')
    expect(res.body).toContain(`<link>${ORIGIN}/category/code</link>`)
    expect(res.body).toContain(
      `<atom:link href="${ORIGIN}/category/code/rss.xml" rel="self" type="application/rss+xml"/>`,
    )
    expect(itemLinks((await get('/category/life/rss.xml')).body)).toEqual([`${ORIGIN}/blog/new-spelling`])
    expect((await get('/category/nope/rss.xml')).json()).toEqual({ error: 'Category not found' })
  })
})
