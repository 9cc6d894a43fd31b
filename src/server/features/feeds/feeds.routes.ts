import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { paths } from '#shared/paths.ts'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import type { App } from '../../context.ts'
import { notFound } from '../../errors.ts'
import { getCategoryBySlug } from '../categories/categories.service.ts'
import { TagParams } from '#shared/schemas/tag.ts'
import { getPublishedTag } from '../tags/tags.service.ts'
import { getSiteIdentity } from '../settings/site-identity.service.ts'
import {
  categoryChannel,
  robotsTxt,
  rssFeed,
  sitemapIndex,
  sitemapPagesFile,
  sitemapPlan,
  sitemapPostsFile,
  sitemapUrlset,
  tagChannel,
  type FeedChannel,
} from './feeds.service.ts'

const FEED_CACHE = 'public, max-age=300'
const XML = 'application/xml; charset=utf-8'
const CHILD = /^posts-([1-9]\d{0,5})\.xml$/
const RSS = 'application/rss+xml; charset=utf-8'
const CategoryParams = z.object({ slug: z.string().min(1).max(120) })

/** Contract §4: /rss.xml, /sitemap.xml (an index past 50,000 URLs) and /robots.txt, all with absolute URLs from PUBLIC_URL. */
export async function feedRoutes(app: App): Promise<void> {
  const { publicUrl } = app.ctx.env
  const { db } = app.ctx

  const sendFeed = async (reply: FastifyReply, channel?: (site: SiteIdentity) => FeedChannel) => {
    const site = await getSiteIdentity(db)
    return reply
      .type(RSS)
      .header('Cache-Control', FEED_CACHE)
      .send(await rssFeed(db, publicUrl, app.ctx.clock(), site, channel?.(site)))
  }

  app.get('/rss.xml', { config: { publicCache: true } }, async (_request, reply) => sendFeed(reply))

  // The addresses other blog engines give their feed (WordPress /feed/, Ghost /rss/) lead to ours (the router
  // ignores a trailing slash).
  for (const old of ['/feed', '/rss']) app.get(old, async (_request, reply) => reply.redirect(paths.feed(), 301))

  // One feed per category and per tag, linked from their pages (rel="alternate").
  app.get(
    '/category/:slug/rss.xml',
    { schema: { params: CategoryParams }, config: { publicCache: true } },
    async (request, reply) => {
      const category = (await getCategoryBySlug(db, request.params.slug)) ?? notFound('Category')
      return sendFeed(reply, (site) => categoryChannel(site, category))
    },
  )

  app.get(
    '/tag/:tag/rss.xml',
    { schema: { params: TagParams }, config: { publicCache: true } },
    async (request, reply) => {
      const tag = (await getPublishedTag(db, request.params.tag)) ?? notFound('Tag')
      return sendFeed(reply, (site) => tagChannel(site, tag))
    },
  )

  // Streamed from a keyset walk of the posts: the first byte leaves at once and memory stays flat at any size.
  app.get('/sitemap.xml', async (_request, reply) => {
    const plan = await sitemapPlan(db)
    reply.type(XML).header('Cache-Control', FEED_CACHE)
    return reply.send(
      plan.kind === 'urlset'
        ? Readable.from(sitemapUrlset(db, publicUrl))
        : sitemapIndex(publicUrl, plan, app.ctx.clock()),
    )
  })

  app.get('/sitemaps/:file', { schema: { params: z.object({ file: z.string().max(40) }) } }, async (request, reply) => {
    const plan = await sitemapPlan(db)
    const { file } = request.params
    const n = Number(CHILD.exec(file)?.[1] ?? 0)
    if (plan.kind !== 'index' || (file !== 'pages.xml' && !(n >= 1 && n <= plan.postFiles))) notFound('Sitemap')
    reply.type(XML).header('Cache-Control', FEED_CACHE)
    return reply.send(
      Readable.from(file === 'pages.xml' ? sitemapPagesFile(db, publicUrl) : sitemapPostsFile(db, publicUrl, n)),
    )
  })

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', FEED_CACHE).send(robotsTxt(publicUrl)),
  )
}
