import { describe, expect, it } from 'vitest'
import { listHead, postHead, tagHead } from '#shared/site/head.ts'
import type { Post } from '#shared/schemas/post.ts'
import { DEFAULT_SITE_IDENTITY as SITE } from '#shared/site/identity.ts'
import { absoluteUrl, headTags, jsonForScript } from './head-tags.ts'

const BASE = 'https://blog.example'
const post: Post = {
  id: 'p1',
  title: 'Quotes " & <tags>',
  slug: 'quotes',
  content: '',
  excerpt: 'An "excerpt" </script>',
  featuredImage: '/uploads/a.png',
  categoryId: null,
  category: null,
  authorId: 'u1',
  authorName: 'Ada',
  author: { username: 'ada' },
  status: 'published',
  tags: [],
  metaTitle: null,
  metaDescription: null,
  readingTime: 1,
  views: 0,
  likeCount: 0,
  commentCount: 0,
  publishedAt: '2026-01-02T03:04:05.000Z',
  featured: false,
  featuredAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-03T00:00:00.000Z',
}

describe('head tags', () => {
  it('escapes JSON for a script data block', () => {
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script>\\u003c!--"}')
    expect(JSON.parse(jsonForScript({ a: '</script>\u2028' }))).toEqual({ a: '</script>\u2028' })
  })

  it('makes paths absolute and leaves absolute URLs alone', () => {
    expect(absoluteUrl(BASE, '/blog')).toBe(`${BASE}/blog`)
    expect(absoluteUrl(BASE, 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png')
  })

  it("gives social sites an upload's 1200 px JPEG, and any other image as it is", () => {
    const hash = 'c'.repeat(64)
    const html = headTags(postHead(SITE, { ...post, featuredImage: `/uploads/${hash}.png` }), BASE, SITE)
    expect(html).toContain(`<meta property="og:image" content="${BASE}/uploads/${hash}-1200.jpg">`)
    expect(html).toContain(`"image":["${BASE}/uploads/${hash}-1200.jpg"]`)
    expect(headTags(postHead(SITE, { ...post, featuredImage: 'https://cdn.example/x.png' }), BASE, SITE)).toContain(
      'content="https://cdn.example/x.png"',
    )
  })

  it('writes escaped post tags with article data and one BlogPosting', () => {
    const html = headTags(postHead(SITE, post), BASE, SITE)
    expect(html).toContain('<title>Quotes &quot; &amp; &lt;tags&gt; | Lab of Life</title>')
    expect(html).toContain('<meta name="description" content="An &quot;excerpt&quot; &lt;/script&gt;">')
    expect(html).toContain(`<link rel="canonical" href="${BASE}/blog/quotes">`)
    expect(html).toContain('<meta property="og:type" content="article">')
    expect(html).toContain(`<meta property="og:image" content="${BASE}/uploads/a.png">`)
    expect(html).toContain('<meta property="article:published_time" content="2026-01-02T03:04:05.000Z">')
    expect(html).not.toContain('noindex')
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)
    expect(ld?.[1]).not.toContain('<')
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      author: { name: 'Ada' },
      dateModified: post.updatedAt,
    })
  })

  it('marks draft previews noindex', () => {
    expect(headTags(postHead(SITE, { ...post, status: 'draft' }), BASE, SITE)).toContain(
      '<meta name="robots" content="noindex">',
    )
  })

  it('links a category page and a tag page to their own feeds, beside the site feed', () => {
    const category = {
      id: 'c1',
      name: 'Code & Craft',
      slug: 'code',
      description: null,
      color: '#000000',
      postCount: 1,
      createdAt: '',
    }
    const categoryHtml = headTags(listHead(SITE, category, '?page=2'), BASE, SITE)
    expect(categoryHtml).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Lab of Life" href="${BASE}/rss.xml">`,
    )
    expect(categoryHtml).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Lab of Life: Code &amp; Craft" href="${BASE}/category/code/rss.xml" id="page-feed">`,
    )
    expect(categoryHtml).toContain(`<link rel="canonical" href="${BASE}/category/code?page=2">`)

    const tagHtml = headTags(tagHead(SITE, { name: 'C++ "Tips"', key: 'c++ "tips"', postCount: 3 }, ''), BASE, SITE)
    expect(tagHtml).toContain('<title>Tagged “C++ &quot;Tips&quot;” | Lab of Life</title>')
    expect(tagHtml).toContain('<meta name="description" content="Articles tagged “C++ &quot;Tips&quot;”.">')
    expect(tagHtml).toContain(`<link rel="canonical" href="${BASE}/tag/c%2B%2B%20%22tips%22">`)
    expect(tagHtml).toContain(`<meta property="og:url" content="${BASE}/tag/c%2B%2B%20%22tips%22">`)
    expect(tagHtml).toContain(`href="${BASE}/tag/c%2B%2B%20%22tips%22/rss.xml" id="page-feed">`)

    expect(headTags(listHead(SITE, null, ''), BASE, SITE)).not.toContain('page-feed')
    expect(headTags(postHead(SITE, post), BASE, SITE)).not.toContain('page-feed')
  })

  it('names the site as its owner set it: title, language, logo and favicon', () => {
    const hash = 'd'.repeat(64)
    const site = {
      ...SITE,
      title: 'Ada <Notes>',
      language: 'de-CH',
      logo: `/uploads/${hash}.png`,
      favicon: `/uploads/${hash}.png`,
    }
    const html = headTags(postHead(site, post), BASE, site)
    expect(html).toContain('<title>Quotes &quot; &amp; &lt;tags&gt; | Ada &lt;Notes&gt;</title>')
    expect(html).toContain('<meta property="og:site_name" content="Ada &lt;Notes&gt;">')
    expect(html).toContain('<meta property="og:locale" content="de_CH">')
    expect(html).toContain(`<link rel="icon" href="/uploads/${hash}-480.png">`)
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!)
    expect(ld).toMatchObject({
      inLanguage: 'de-CH',
      publisher: { name: 'Ada <Notes>', logo: { url: `${BASE}/uploads/${hash}-480.png` } },
    })
    expect(headTags(postHead(SITE, post), BASE, SITE)).toContain(
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    )
  })
})
