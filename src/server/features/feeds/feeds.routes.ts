import type { App } from '../../context.ts'
import { robotsTxt, rssFeed, sitemap } from './feeds.service.ts'

const FEED_CACHE = 'public, max-age=300'

/** Contract §4: /rss.xml, /sitemap.xml and /robots.txt, all with absolute URLs from PUBLIC_URL. */
export async function feedRoutes(app: App): Promise<void> {
  const { publicUrl } = app.ctx.env

  app.get('/rss.xml', { config: { publicCache: true } }, async (_request, reply) =>
    reply.type('application/rss+xml; charset=utf-8').header('Cache-Control', FEED_CACHE).send(await rssFeed(app.ctx.db, publicUrl, app.ctx.clock())),
  )

  app.get('/sitemap.xml', { config: { publicCache: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', FEED_CACHE).send(await sitemap(app.ctx.db, publicUrl)),
  )

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', FEED_CACHE).send(robotsTxt(publicUrl)))
}
