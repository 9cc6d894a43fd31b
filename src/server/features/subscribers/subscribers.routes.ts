import fastifyFormbody from '@fastify/formbody'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import {
  ImportAnswerSchema,
  SubscribeAnswerSchema,
  SubscribeInputSchema,
  SUBSCRIBE_ANSWER,
  SubscriberCountSchema,
  SubscriberListQuerySchema,
  SubscriberPageSchema,
  SubscriptionsInfoSchema,
} from '#shared/schemas/subscriber.ts'
import type { App } from '../../context.ts'
import { AppError, badRequest } from '../../errors.ts'
import { loadSecret } from '../secrets/secrets.service.ts'
import { countSubscribed, allForExport } from './subscribers.repo.ts'
import { addressesOfCsv, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, subscribersCsv } from './subscribers.csv.ts'
import * as service from './subscribers.service.ts'
import { subscriptionPage } from './subscription-pages.ts'
import { getSiteIdentity } from '../settings/site-identity.service.ts'
import { unsubscribeTokens } from './subscribers.tokens.ts'

const TOO_LARGE = `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`
const TOO_MANY_ROWS = `The file must hold at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows`
const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
const AGREED = new Set(['true', 'on', '1', 'yes'])

/** The uploaded CSV's text (at most 2 MB) and the "they already agreed" box, sent before the file. */
async function readImportFile(request: FastifyRequest): Promise<{ text: string; agreed: boolean }> {
  if (!request.isMultipart()) badRequest('Send the CSV as multipart/form-data in the field "file"')
  try {
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } })
    if (!part) return badRequest('No file was uploaded')
    if (part.fieldname !== 'file') badRequest('Send the CSV in the field "file"')
    const bytes = await part.toBuffer()
    if (part.file.truncated) throw new AppError(413, TOO_LARGE)
    const field = part.fields.agreed
    const agreedValue = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : ''
    return { text: bytes.toString('utf8'), agreed: AGREED.has(agreedValue.toLowerCase()) }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError(413, TOO_LARGE)
    throw error
  }
}

// Anything odd (too long, repeated) names no subscriber and gets the same clear page, not a JSON error.
const TokenQuery = z.object({ token: z.string().optional().catch(undefined) })
const IdParams = z.object({ id: IdSchema })
const PAGE_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }

/** Email subscriptions: the JSON API, the admin list, and the pages the form and the email links open. */
export async function subscriberRoutes(app: App): Promise<void> {
  const { env, db, mailer } = app.ctx
  const subs: service.Subscriptions = {
    db,
    publicUrl: env.publicUrl,
    mailer,
    unsubscribe: async () => unsubscribeTokens(await loadSecret(db, 'unsubscribe', app.ctx.clock())),
    log: app.log,
  }
  // Forms post urlencoded bodies; only these routes read them.
  await app.register(fastifyFormbody)

  const page = async (
    reply: FastifyReply,
    status: number,
    title: string,
    message: string,
    action?: { url: string; label: string },
  ) => {
    const html = subscriptionPage((await getSiteIdentity(db)).title, title, message, action)
    return reply.status(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html)
  }

  app.get('/api/subscriptions', { schema: { response: { 200: SubscriptionsInfoSchema } } }, async () => ({
    enabled: Boolean(mailer),
  }))

  app.post(
    '/api/subscribers',
    {
      schema: { body: SubscribeInputSchema, response: { 202: SubscribeAnswerSchema } },
      config: { keepsPublicContent: true },
    },
    async (request, reply) => {
      const now = app.ctx.clock()
      await service.subscribe(subs, request.body.email, app.ctx.keys.network(request.ip, now), now)
      return reply.status(202).send({ message: SUBSCRIBE_ANSWER })
    },
  )

  // The form without JavaScript: the same checks and answer, as a page.
  app.post('/subscribe', { config: { keepsPublicContent: true } }, async (request, reply) => {
    const parsed = SubscribeInputSchema.safeParse(request.body ?? {})
    if (!parsed.success) return page(reply, 400, 'Not subscribed', parsed.error.issues[0]?.message ?? 'Invalid email')
    const now = app.ctx.clock()
    try {
      await service.subscribe(subs, parsed.data.email, app.ctx.keys.network(request.ip, now), now)
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      return page(reply.headers(err.headers), err.status, 'Not subscribed', err.message)
    }
    return page(reply, 200, SUBSCRIBE_ANSWER, 'We sent you an email with a link that confirms.')
  })

  app.get('/subscribe/confirm', { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const outcome = await service.confirm(subs, request.query.token, app.ctx.clock())
    return page(reply, outcome.status, outcome.title, outcome.message)
  })

  // Opening the link only asks: mail scanners open links, and must not unsubscribe anyone.
  app.get('/unsubscribe', { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const found = await service.subscriberOfLink(subs, request.query.token)
    if ('title' in found) return page(reply, found.status, found.title, found.message)
    const action = { url: `/unsubscribe?token=${encodeURIComponent(request.query.token ?? '')}`, label: 'Unsubscribe' }
    return page(reply, 200, 'Unsubscribe', 'Stop getting new posts by email?', action)
  })

  // The button, and mail clients' one-click POST (RFC 8058, body List-Unsubscribe=One-Click).
  app.post(
    '/unsubscribe',
    { schema: { querystring: TokenQuery }, config: { keepsPublicContent: true } },
    async (request, reply) => {
      const outcome = await service.unsubscribe(subs, request.query.token, app.ctx.clock())
      return page(reply, outcome.status, outcome.title, outcome.message)
    },
  )

  app.get(
    '/api/admin/subscribers',
    {
      schema: { querystring: SubscriberListQuerySchema, response: { 200: SubscriberPageSchema } },
      config: { auth: 'admin' },
    },
    async (request) => service.listSubscribers(db, request.query),
  )

  app.get(
    '/api/admin/subscribers/count',
    { schema: { response: { 200: SubscriberCountSchema } }, config: { auth: 'admin' } },
    async () => ({ enabled: Boolean(mailer), subscribed: await countSubscribed(db) }),
  )

  app.get('/api/admin/subscribers/export.csv', { config: { auth: 'admin' } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="subscribers.csv"')
      .header('cache-control', 'no-store')
      .send(subscribersCsv(await allForExport(db))),
  )

  // Import: a CSV file in the multipart field "file", and "agreed" (true/on) when they already agreed to receive emails.
  app.post(
    '/api/admin/subscribers/import',
    { schema: { response: { 200: ImportAnswerSchema } }, config: { auth: 'admin', keepsPublicContent: true } },
    async (request) => {
      const { text, agreed } = await readImportFile(request)
      const found = addressesOfCsv(text)
      if ('error' in found) return badRequest(found.error)
      if (found.tooMany) throw new AppError(413, TOO_MANY_ROWS)
      return service.importSubscribers(subs, found.emails, agreed, app.ctx.clock())
    },
  )

  app.delete(
    '/api/admin/subscribers/:id',
    { schema: { params: IdParams }, config: { auth: 'admin', keepsPublicContent: true } },
    async (request, reply) => {
      await service.deleteSubscriber(db, request.params.id)
      return reply.status(204).send()
    },
  )
}
