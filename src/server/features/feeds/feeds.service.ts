import { paths, SITE_DESCRIPTION, SITE_NAME } from '#shared/paths.ts'
import { PostListQuerySchema, type Post } from '#shared/schemas/post.ts'
import type { Db } from '../../db/client.ts'
import { listCategories } from '../categories/categories.service.ts'
import { listFooterPages } from '../footer-pages/footer-pages.service.ts'
import { listPosts } from '../posts/posts.service.ts'

export const RSS_ITEMS = 20
const SITEMAP_PAGE = 100
const SITEMAP_MAX_POSTS = 50_000

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const xml = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch)
const anonymous = { isAdmin: false }

/** RSS 2.0: the 20 latest published posts with absolute links. */
export async function rssFeed(db: Db, publicUrl: string, now: Date): Promise<string> {
  const { posts } = await listPosts(db, PostListQuerySchema.parse({ status: 'published', sort: 'latest', limit: RSS_ITEMS }), anonymous)
  const items = posts.map((post) => {
    const link = `${publicUrl}${paths.post(post.slug)}`
    return `    <item>
      <title>${xml(post.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <description>${xml(post.excerpt)}</description>
      ${post.publishedAt ? `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>` : ''}
      ${post.category ? `<category>${xml(post.category.name)}</category>` : ''}
      <dc:creator>${xml(post.authorName)}</dc:creator>
    </item>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xml(SITE_NAME)}</title>
    <link>${xml(`${publicUrl}/`)}</link>
    <description>${xml(SITE_DESCRIPTION)}</description>
    <language>en-us</language>
    <lastBuildDate>${(posts[0]?.publishedAt ? new Date(posts[0].publishedAt) : now).toUTCString()}</lastBuildDate>
    <atom:link href="${xml(`${publicUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
  </channel>
</rss>
`
}

async function allPublishedPosts(db: Db): Promise<Post[]> {
  const all: Post[] = []
  for (let page = 1; all.length < SITEMAP_MAX_POSTS; page++) {
    const { posts, total } = await listPosts(db, PostListQuerySchema.parse({ status: 'published', sort: 'latest', page, limit: SITEMAP_PAGE }), anonymous)
    all.push(...posts)
    if (posts.length < SITEMAP_PAGE || all.length >= total) break
  }
  return all
}

/** Home, /blog, categories, published posts (with lastmod) and active footer pages. */
export async function sitemap(db: Db, publicUrl: string): Promise<string> {
  const [posts, categories, pages] = await Promise.all([allPublishedPosts(db), listCategories(db), listFooterPages(db)])
  const url = (path: string, lastmod?: string | null) =>
    `  <url><loc>${xml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${xml(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`
  const urls = [
    url(paths.home(), posts[0]?.updatedAt),
    url(paths.blog(), posts[0]?.updatedAt),
    ...categories.map((c) => url(paths.category(c.slug))),
    ...posts.map((p) => url(paths.post(p.slug), p.updatedAt)),
    ...pages.filter((p) => p.isActive).map((p) => url(paths.footerPage(p.slug), p.updatedAt)),
  ]
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *
Disallow: /admin
Disallow: /api

Sitemap: ${publicUrl}/sitemap.xml
`
}
