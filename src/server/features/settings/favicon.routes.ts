import { faviconUrl } from '#shared/site/identity.ts'
import type { App } from '../../context.ts'
import { getSiteIdentity } from './site-identity.service.ts'

/** Browsers and crawlers ask for /favicon.ico whatever the page says: send them to the site's icon. */
export async function faviconRoutes(app: App): Promise<void> {
  app.get('/favicon.ico', async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').redirect(faviconUrl(await getSiteIdentity(app.ctx.db)), 302),
  )
}
