import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import Fastify, { LogController, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { MAX_UPLOAD_BYTES } from '#shared/schemas/site.ts'
import { systemClock, type Clock } from './clock.ts'
import type { App, AppContext } from './context.ts'
import type { DbHandle } from './db/client.ts'
import type { Env } from './env.ts'
import { authRoutes } from './features/auth/auth.routes.ts'
import { passwordResetRoutes } from './features/auth/password-reset.routes.ts'
import { transferRoutes } from './features/transfer/transfer.routes.ts'
import { registerScheduledBackups } from './features/transfer/transfer.schedule.ts'
import { securityRoutes } from './features/auth/security.routes.ts'
import { categoryRoutes } from './features/categories/categories.routes.ts'
import { commentRoutes } from './features/engagement/comments.routes.ts'
import { likeRoutes } from './features/engagement/likes.routes.ts'
import { viewRoutes } from './features/engagement/views.routes.ts'
import { feedRoutes } from './features/feeds/feeds.routes.ts'
import { footerPageRoutes } from './features/footer-pages/footer-pages.routes.ts'
import { registerDatabaseHealth } from './features/health/database-health.plugin.ts'
import { healthRoutes } from './features/health/health.routes.ts'
import { mediaRoutes } from './features/media/media.routes.ts'
import { postRoutes } from './features/posts/posts.routes.ts'
import { previewRoutes } from './features/previews/previews.routes.ts'
import { registerPathLog, replyWithRedirect } from './features/redirects/redirects.plugin.ts'
import { redirectRoutes } from './features/redirects/redirects.routes.ts'
import { revisionRoutes } from './features/revisions/revisions.routes.ts'
import { settingsRoutes } from './features/settings/settings.routes.ts'
import { faviconRoutes } from './features/settings/favicon.routes.ts'
import { profileRoutes } from './features/account/profile.routes.ts'
import { statsRoutes } from './features/stats/stats.routes.ts'
import { analyticsRoutes } from './features/analytics/analytics.routes.ts'
import { subscriberRoutes } from './features/subscribers/subscribers.routes.ts'
import { newsletterRoutes } from './features/newsletter/newsletter.routes.ts'
import { registerNewsletterWorker } from './features/newsletter/newsletter.plugin.ts'
import { tagRoutes } from './features/tags/tags.routes.ts'
import { uploadRoutes } from './features/uploads/uploads.routes.ts'
import { registerCacheLookup, registerCacheStore } from './cache/cache-plugin.ts'
import { registerInputCleaning } from './http/clean-input.ts'
import { frameworkErrors, registerErrorHandling } from './http/error-handler.ts'
import { registerOriginCheck } from './http/origin-check.ts'
import { registerRequestLog } from './http/request-log.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { registerSessions } from './http/session.ts'
import { registerUrlLimit } from './http/url-limit.ts'
import { readerKeys } from './http/reader-keys.ts'
import { loadSecret } from './features/secrets/secrets.service.ts'
import { registerHousekeeping } from './features/housekeeping/housekeeping.plugin.ts'
import { registerImageBackfill } from './features/uploads/backfill.ts'
import { registerScheduledPublishing } from './features/scheduled-publishing/scheduled-publishing.plugin.ts'
import { createMailer } from './mail/mailer.ts'
import { registerFediverse } from './features/fediverse/fediverse.plugin.ts'
import { fediverseRoutes } from './features/fediverse/fediverse.routes.ts'

export type BuildOptions = {
  database: DbHandle
  env: Env
  clock?: Clock
  logger?: FastifyServerOptions['logger']
  /** How often housekeeping runs (tests shorten it). */
  housekeepingEveryMs?: number
  /** How often scheduled posts that are due are looked for (tests shorten it). */
  publishEveryMs?: number
  /** How often the newsletter worker looks for deliveries that are due (tests lengthen it and call sendNewsletters). */
  newsletterEveryMs?: number
  /** Make variants for uploads from before variants existed, in the background (the server does; tests call it directly). */
  backfillImages?: boolean
  /** How often an idle fediverse queue worker looks for work (tests shorten it). */
  fediverseQueuePollMs?: number
  /** Public pages (SSR); absent in API-only tests. */
  pages?: (app: App) => Promise<void>
}

export const BODY_LIMIT = 1024 * 1024

export async function buildApp(opts: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }), // one line per request instead: http/request-log.ts
    bodyLimit: BODY_LIMIT,
    trustProxy: opts.env.trustProxy,
    // Slow clients: headers within 10 s, the whole request within 30 s, idle sockets closed after 60 s; Node
    // checks these every 2 s (its default, 30 s, would let a slow-loris client sit far past the limits).
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 2_000 },
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()

  const clock = opts.clock ?? systemClock
  const keys = readerKeys(await loadSecret(opts.database.db, 'reader', clock()))
  const mailer = opts.env.mail ? createMailer(opts.env.mail) : null
  app.addHook('onClose', () => mailer?.close())
  const ctx: AppContext = { db: opts.database.db, engine: opts.database.engine, env: opts.env, clock, keys, mailer }
  app.decorate('ctx', ctx)
  app.decorate('routeTable', [])
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD') continue
      const { params, querystring, body } = route.schema ?? {}
      app.routeTable.push({ method, url: route.url, auth: route.config?.auth, schema: { params, querystring, body } })
    }
  })

  registerDatabaseHealth(app, opts.database)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerRequestLog(app)
  registerUrlLimit(app)
  await app.register(fastifyCookie)
  // Before the response cache: an ActivityStreams request for a post must never get the cached HTML page.
  registerFediverse(app, {
    allowPrivateAddress: opts.env.fediverseAllowPrivateAddresses,
    bodyLimit: BODY_LIMIT,
    inboxPerNetwork: opts.env.fediverseInboxPerNetwork,
    queuePollMs: opts.fediverseQueuePollMs,
  })
  registerCacheLookup(app) // before every other request hook: a cached answer skips them all
  await registerSecurityHeaders(app, { https: opts.env.secureCookies })
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } })
  registerOriginCheck(app, opts.env.publicUrl)
  registerInputCleaning(app)
  registerSessions(app)
  registerCacheStore(app)
  registerHousekeeping(app, opts.housekeepingEveryMs)
  registerPathLog(app)
  if (opts.backfillImages) registerImageBackfill(app)
  registerScheduledBackups(app)
  registerScheduledPublishing(app, opts.publishEveryMs)
  registerNewsletterWorker(app, opts.newsletterEveryMs)
  // HTML, JSON, JS and CSS go out brotli- or gzip-compressed; cached answers and built assets arrive precompressed.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] })

  await app.register(healthRoutes)
  await app.register(authRoutes)
  await app.register(passwordResetRoutes)
  await app.register(securityRoutes)
  await app.register(postRoutes)
  await app.register(likeRoutes)
  await app.register(viewRoutes)
  await app.register(commentRoutes)
  await app.register(categoryRoutes)
  await app.register(footerPageRoutes)
  await app.register(settingsRoutes)
  await app.register(faviconRoutes)
  await app.register(profileRoutes)
  await app.register(statsRoutes)
  await app.register(analyticsRoutes)
  await app.register(tagRoutes)
  await app.register(uploadRoutes)
  await app.register(mediaRoutes)
  await app.register(feedRoutes)
  await app.register(redirectRoutes)
  await app.register(revisionRoutes)
  await app.register(previewRoutes)
  await app.register(transferRoutes)
  await app.register(subscriberRoutes)
  await app.register(newsletterRoutes)
  await app.register(fediverseRoutes)

  app.setNotFoundHandler(async (request, reply) => {
    if (!request.url.startsWith('/api/') && (await replyWithRedirect(app, request, reply))) return reply
    return reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found` })
  })
  if (opts.pages) await app.register(opts.pages)

  return app
}
