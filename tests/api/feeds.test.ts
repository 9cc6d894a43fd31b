import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, insertCategory, MINUTE } from './posts.fixtures.ts'
import {
  RSS_ITEMS,
  sitemapIndex,
  sitemapPagesFile,
  sitemapPlan,
  sitemapPostsFile,
} from '#server/features/feeds/feeds.service.ts'

describe('feeds: rss, sitemap, robots', () => {
  let t: TestApp
  const clock = manualClock()

  beforeAll(async () => {
    t = await createTestApp({ clock })
    const cookie = await adminCookie(t)
    const code = await insertCategory(t, 'Code & Craft', 'code')
    for (let i = 1; i <= RSS_ITEMS + 2; i++) {
      clock.tick(MINUTE)
      await createPost(t, cookie, {
        title: `Post ${i} <b>&</b>`,
        slug: `post-${i}`,
        content: `Body ${i}`,
        status: 'published',
        categoryId: code,
      })
    }
    await createPost(t, cookie, { title: 'Secret draft', slug: 'secret-draft', content: 'Hidden', status: 'draft' })
  })
  afterAll(() => t.close())

  it('serves RSS 2.0 with the 20 latest published posts, absolute links and escaped text', async () => {
    const res = await t.request({ method: 'GET', url: '/rss.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/rss+xml')
    const body = res.body
    expect(body).toContain('<rss version="2.0"')
    expect(body.match(/<item>/g)).toHaveLength(RSS_ITEMS)
    expect(body).toContain(`<link>${ORIGIN}/blog/post-${RSS_ITEMS + 2}</link>`)
    expect(body).not.toContain(`/blog/post-1<`)
    expect(body).toContain('Post 22 &lt;b&gt;&amp;&lt;/b&gt;')
    expect(body).toContain('<category>Code &amp; Craft</category>')
    expect(body).not.toContain('secret-draft')
  })

  it('lists home, blog, categories and published posts with lastmod in the sitemap', async () => {
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/xml')
    expect(res.body).toContain(`<loc>${ORIGIN}/</loc>`)
    expect(res.body).toContain(`<loc>${ORIGIN}/blog</loc>`)
    expect(res.body).toContain(`<loc>${ORIGIN}/category/code</loc>`)
    expect(res.body).toMatch(new RegExp(`<loc>${ORIGIN}/blog/post-1</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`))
    expect(res.body.match(/\/blog\/post-/g)).toHaveLength(RSS_ITEMS + 2)
    expect(res.body).not.toContain('secret-draft')
  })

  it('disallows /admin and /api in robots.txt and names the sitemap', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Disallow: /admin\n')
    expect(res.body).toContain('Disallow: /api\n')
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })
})

describe('sitemap at any size', () => {
  let t: TestApp
  const clock = manualClock()
  beforeAll(async () => {
    t = await createTestApp({ clock })
    const cookie = await adminCookie(t)
    for (let i = 1; i <= 12; i++) {
      clock.tick(MINUTE)
      await createPost(t, cookie, { title: `Entry ${i}`, slug: `entry-${i}`, content: 'x', status: 'published' })
    }
  })
  afterAll(() => t.close())

  const collect = async (chunks: AsyncIterable<string>) => {
    let text = ''
    for await (const chunk of chunks) text += chunk
    return text
  }

  it('streams one urlset while every URL fits, walking the posts in keyset batches', async () => {
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' })
    expect(res.body.match(/\/blog\/entry-/g)).toHaveLength(12)
    expect(res.body.trim().endsWith('</urlset>')).toBe(true)
    expect((await t.request({ method: 'GET', url: '/sitemaps/posts-1.xml' })).statusCode).toBe(404)
  })

  it('past the limit, becomes an index of child sitemaps that together list every post once', async () => {
    const db = t.app.ctx.db
    const plan = await sitemapPlan(db, 5)
    expect(plan).toEqual({ kind: 'index', postFiles: 3 })
    const index = sitemapIndex(ORIGIN, plan as { postFiles: number }, clock())
    expect(index).toContain('<sitemapindex')
    expect(index.match(/<sitemap>/g)).toHaveLength(4)
    expect(index).toContain(`${ORIGIN}/sitemaps/pages.xml`)
    const files = await Promise.all([1, 2, 3].map((n) => collect(sitemapPostsFile(db, ORIGIN, n, 5))))
    const slugs = files.flatMap((f) => [...f.matchAll(/\/blog\/(entry-\d+)</g)].map((m) => m[1]))
    expect(files.map((f) => (f.match(/<url>/g) ?? []).length)).toEqual([5, 5, 2])
    expect(new Set(slugs).size).toBe(12)
    expect(slugs[0]).toBe('entry-12')
    const pages = await collect(sitemapPagesFile(db, ORIGIN))
    expect(pages).toContain(`<loc>${ORIGIN}/blog</loc>`)
    expect(pages).not.toContain('/blog/entry-')
  })
})
