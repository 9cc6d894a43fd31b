import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isAdminPath } from '#shared/routes/admin-routes.ts'
import { listSearch, matchPublicRoute, readListParams } from '#shared/routes/public-routes.ts'
import { databaseTrouble } from '../db/db-trouble.ts'
import { plainPage } from '../http/plain-page.ts'
import type { App } from '../context.ts'
import { CLIENT_DIR, productionRenderer, type Renderer } from './assets.ts'
import { PREVIEW_HEADERS } from '../features/previews/previews.routes.ts'
import { replyWithRedirect } from '../features/redirects/redirects.plugin.ts'
import { themeOf } from '../http/theme.ts'
import { devRenderer } from './dev-renderer.ts'
import { htmlDocument } from './document.ts'
import { headTags } from './head-tags.ts'
import { loadPage } from './load-page.ts'
import { withoutPostHtml } from '#shared/post-html-state.ts'
import { COMMENTS_AFTER_PARAM, commentsAfterOf } from '#shared/site/comments-page.ts'
import { escapeHtml } from '#shared/text/escape-html.ts'
import { faviconUrl } from '#shared/site/identity.ts'
import { getSiteIdentity } from '../features/settings/site-identity.service.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const STATIC_MAX_AGE = 'public, max-age=3600'
// Paths the page catch-all must leave to their own handlers (or to the JSON 404).
const NOT_PAGES = /^\/(api|uploads|assets)(\/|$)/
const PREVIEW = /^\/preview\//

/** Contract §4 says CSP backs up the escaping; pages get it here unless a global hook already set one. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

/** A page's cache key: its path and the list parameters it reads, normalised (`?page=abc&utm=x` is the first page). */
function pageCacheKey(url: URL): string {
  const route = matchPublicRoute(url.pathname)
  if (route.name === 'blog') return `${url.pathname}${listSearch(readListParams(url.search))}`
  if (route.name === 'category') return `${url.pathname}${listSearch(readListParams(url.search, route.slug), false)}`
  if (route.name === 'tag') return `${url.pathname}${listSearch(readListParams(url.search, '', route.tag), false)}`
  // A redirect rule may be for an address with its query (WordPress's "/?p=123", "/index.php?page_id=5").
  if (route.name === 'home' || route.name === 'footer-page' || route.name === 'not-found')
    return `${url.pathname}${url.search}`
  // Later pages of a post's comments, for readers without JavaScript (never stored: see the page route).
  const commentsAfter = route.name === 'post' ? commentsAfterOf(url.search) : undefined
  if (commentsAfter) return `${url.pathname}?${COMMENTS_AFTER_PARAM}=${encodeURIComponent(commentsAfter)}`
  return url.pathname
}

/** Public pages: server-rendered HTML for the reader site, the client shell for /admin, static files. */
export async function publicPages(app: App): Promise<void> {
  const isDev = app.ctx.env.nodeEnv === 'development'
  const renderer: Renderer = isDev ? await devRenderer(app) : await productionRenderer()
  app.addHook('onClose', () => renderer.close())

  const staticRoot = isDev ? path.resolve('public') : CLIENT_DIR
  if (existsSync(staticRoot)) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      wildcard: false,
      decorateReply: false,
      // Built assets have .br/.gz siblings written at build time (scripts/precompress.mjs).
      preCompressed: !isDev,
      allowedPath: (pathname) => !pathname.includes('/.'),
      cacheControl: false,
      setHeaders: (staticReply, filePath) => {
        staticReply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : STATIC_MAX_AGE,
        )
      },
    })
  }

  const sendHtml = (reply: FastifyReply, status: number, html: string, personal = false) => {
    // A logged-in admin's pages may show drafts: never let a shared cache keep them.
    reply.status(status).type('text/html; charset=utf-8')
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', personal ? 'private, no-cache' : 'no-cache')
    if (!isDev && !reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', CSP)
    return reply.send(html)
  }

  app.get(
    '/*',
    { config: { publicCache: true, cacheKey: pageCacheKey } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, 'http://x')
      if (NOT_PAGES.test(url.pathname)) return reply.callNotFound()

      if (isAdminPath(url.pathname)) {
        const site = await getSiteIdentity(app.ctx.db)
        const head = [
          `<title>Admin | ${escapeHtml(site.title)}</title>`,
          '<meta name="robots" content="noindex">',
          `<link rel="icon" href="${escapeHtml(faviconUrl(site))}">`,
        ].join('\n    ')
        return sendHtml(
          reply,
          200,
          htmlDocument({
            headTags: head,
            assetTags: renderer.assetTags,
            appHtml: '',
            state: null,
            theme: themeOf(request),
            site,
          }),
        )
      }

      // Only what would be a 404 looks for a redirect rule (and the home page with a query, e.g. WordPress's "/?p=123").
      if (url.pathname === '/' && url.search && (await replyWithRedirect(app, request, reply))) return reply

      const isAdmin = Boolean(request.user)
      // Any id could be asked for: later pages of comments are rendered each time, only the post page itself is kept.
      if (matchPublicRoute(url.pathname).name === 'post' && commentsAfterOf(url.search)) request.cacheVersion = null
      if (PREVIEW.test(url.pathname)) {
        // A shared draft: for the link's holder only, so never in the response cache, never indexed.
        request.cacheVersion = null
        reply.headers(PREVIEW_HEADERS)
      }
      let html: string
      let status: number
      try {
        const page = await loadPage(app.ctx, url.pathname, url.search, { isAdmin }, request.cacheVersion)
        if (page.status === 404 && (await replyWithRedirect(app, request, reply))) return reply
        const render = await renderer.render()
        const appHtml = render(`${url.pathname}${url.search}`, page.queryClient)
        html = htmlDocument({
          headTags: headTags(page.head, app.ctx.env.publicUrl, page.site),
          assetTags: renderer.assetTags,
          appHtml,
          state: withoutPostHtml(page.state),
          theme: themeOf(request),
          site: page.site,
        })
        status = page.status
      } catch (err) {
        if (databaseTrouble(err)) throw err // the error handler answers 503
        request.log.error({ err }, 'server rendering failed')
        html = plainPage('Something went wrong', 'Please try again in a moment.')
        status = 500
      }
      return sendHtml(reply, status, html, isAdmin)
    },
  )
}
