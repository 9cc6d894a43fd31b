import { paths } from '#shared/paths.ts'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import { PostListQuerySchema } from '#shared/schemas/post.ts'
import { escapeHtml as xml } from '#shared/text/escape-html.ts'
import { categoryDescription, feedTitle, tagDescription } from '#shared/text/listing.ts'
import type { Db } from '../../db/client.ts'
import { listCategories } from '../categories/categories.service.ts'
import { listFooterPages } from '../footer-pages/footer-pages.service.ts'
import { listingCount, postHtmlByIds, sitemapPage, sitemapStart } from '../posts/posts.service.ts'
import { listPosts } from '../posts/posts.service.ts'
import { absoluteHtml } from './feed-content.ts'

export const RSS_ITEMS = 20
/** The sitemaps protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000
const SITEMAP_BATCH = 1000

const anonymous = { isAdmin: false }
const day = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().slice(0, 10) : null)

/** What a feed covers: the whole site, or one category's or tag's posts. */
export type FeedChannel = {
  title: string
  description: string
  path: string
  feedPath: string
  category?: string
  tag?: string
}

export function siteChannel(site: SiteIdentity): FeedChannel {
  return { title: site.title, description: site.description, path: paths.home(), feedPath: paths.feed() }
}

export function categoryChannel(
  site: SiteIdentity,
  category: { name: string; slug: string; description: string | null },
): FeedChannel {
  const { name, slug } = category
  return {
    title: feedTitle(site.title, name),
    description: categoryDescription(category),
    path: paths.category(slug),
    feedPath: paths.categoryFeed(slug),
    category: slug,
  }
}

export function tagChannel(site: SiteIdentity, tag: { name: string; key: string }): FeedChannel {
  return {
    title: feedTitle(site.title, tag.name),
    description: tagDescription(tag.name),
    path: paths.tag(tag.key),
    feedPath: paths.tagFeed(tag.key),
    tag: tag.key,
  }
}

/**
 * RSS 2.0: the channel's 20 latest published posts with absolute links, each with its whole text
 * (content:encoded) unless the owner chose excerpts only (Settings → General).
 */
export async function rssFeed(
  db: Db,
  publicUrl: string,
  now: Date,
  site: SiteIdentity,
  channel: FeedChannel = siteChannel(site),
): Promise<string> {
  const query = PostListQuerySchema.parse({
    status: 'published',
    sort: 'latest',
    limit: RSS_ITEMS,
    category: channel.category,
    tag: channel.tag,
  })
  const { posts } = await listPosts(db, query, anonymous)
  const bodies = site.fullContentRss
    ? await postHtmlByIds(
        db,
        posts.map((p) => p.id),
      )
    : new Map<string, string>()
  const items = posts.map((post) => {
    const body = bodies.get(post.id)
    const link = `${publicUrl}${paths.post(post.slug)}`
    return `    <item>
      <title>${xml(post.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <description>${xml(post.excerpt)}</description>${
        body === undefined ? '' : `\n      <content:encoded>${xml(absoluteHtml(body, publicUrl))}</content:encoded>`
      }
      ${post.publishedAt ? `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>` : ''}
      ${post.category ? `<category>${xml(post.category.name)}</category>` : ''}
      <dc:creator>${xml(post.authorName)}</dc:creator>
    </item>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${xml(channel.title)}</title>
    <link>${xml(`${publicUrl}${channel.path}`)}</link>
    <description>${xml(channel.description)}</description>
    <language>${xml(site.language.toLowerCase())}</language>
    <lastBuildDate>${(posts[0]?.publishedAt ? new Date(posts[0].publishedAt) : now).toUTCString()}</lastBuildDate>
    <atom:link href="${xml(`${publicUrl}${channel.feedPath}`)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
  </channel>
</rss>
`
}

const urlEntry = (publicUrl: string, path: string, lastmod?: string | null) =>
  `  <url><loc>${xml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}</url>\n`

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
const URLSET_CLOSE = '</urlset>\n'

/** Home, /blog, categories and active footer pages: the site's own URLs besides posts. */
async function siteUrls(db: Db, publicUrl: string, latestModified: string | null): Promise<string> {
  const [categories, pages] = await Promise.all([listCategories(db), listFooterPages(db)])
  return [
    urlEntry(publicUrl, paths.home(), latestModified),
    urlEntry(publicUrl, paths.blog(), latestModified),
    ...categories.map((c) => urlEntry(publicUrl, paths.category(c.slug))),
    ...pages.filter((p) => p.isActive).map((p) => urlEntry(publicUrl, paths.footerPage(p.slug), day(p.updatedAt))),
  ].join('')
}

/** Published posts newest first from the `skip`-th on, `count` at most, read in keyset batches (never OFFSET-paged). */
async function* postUrls(db: Db, publicUrl: string, skip: number, count: number): AsyncGenerator<string> {
  let after = skip > 0 ? await sitemapStart(db, skip) : null
  if (skip > 0 && !after) return
  let left = count
  while (left > 0) {
    const rows = await sitemapPage(db, after, Math.min(SITEMAP_BATCH, left))
    if (!rows.length) return
    yield rows.map((r) => urlEntry(publicUrl, paths.post(r.slug), day(r.updated_at))).join('')
    left -= rows.length
    const last = rows[rows.length - 1]!
    after = { publishedAt: last.published_at ?? '', id: last.id }
    if (rows.length < SITEMAP_BATCH) return
  }
}

export type SitemapPlan = { kind: 'urlset' } | { kind: 'index'; postFiles: number }

/** One urlset while every URL fits in one file; past the limit, an index of child sitemaps. */
export async function sitemapPlan(db: Db, maxUrls = SITEMAP_MAX_URLS): Promise<SitemapPlan> {
  const posts = await listingCount(db, { status: 'published' })
  const others = 2 + (await listCategories(db)).length + (await listFooterPages(db)).length
  return posts + others <= maxUrls ? { kind: 'urlset' } : { kind: 'index', postFiles: Math.ceil(posts / maxUrls) }
}

/** /sitemap.xml as one urlset, streamed batch by batch so memory stays flat whatever the number of posts. */
export async function* sitemapUrlset(db: Db, publicUrl: string): AsyncGenerator<string> {
  const first = await sitemapPage(db, null, 1)
  yield URLSET_OPEN
  yield await siteUrls(db, publicUrl, day(first[0]?.updated_at))
  yield* postUrls(db, publicUrl, 0, Number.MAX_SAFE_INTEGER)
  yield URLSET_CLOSE
}

export function sitemapIndex(publicUrl: string, plan: { postFiles: number }, now: Date): string {
  const entry = (path: string) =>
    `  <sitemap><loc>${xml(`${publicUrl}${path}`)}</loc><lastmod>${now.toISOString().slice(0, 10)}</lastmod></sitemap>\n`
  const files = [paths.sitemapPages(), ...Array.from({ length: plan.postFiles }, (_, i) => paths.sitemapPosts(i + 1))]
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map(entry).join('')}</sitemapindex>\n`
}

/** A child of the sitemap index: the site's own URLs. */
export async function* sitemapPagesFile(db: Db, publicUrl: string): AsyncGenerator<string> {
  const first = await sitemapPage(db, null, 1)
  yield URLSET_OPEN
  yield await siteUrls(db, publicUrl, day(first[0]?.updated_at))
  yield URLSET_CLOSE
}

/** A child of the sitemap index: the n-th file of posts (1-based), `maxUrls` per file. */
export async function* sitemapPostsFile(
  db: Db,
  publicUrl: string,
  n: number,
  maxUrls = SITEMAP_MAX_URLS,
): AsyncGenerator<string> {
  yield URLSET_OPEN
  yield* postUrls(db, publicUrl, (n - 1) * maxUrls, maxUrls)
  yield URLSET_CLOSE
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *
Disallow: /admin
Disallow: /api

Sitemap: ${publicUrl}/sitemap.xml
`
}

/** Post HTML with site paths made absolute, for readers elsewhere (newsletter emails, fediverse Articles). */
export { absoluteHtml } from './feed-content.ts'
