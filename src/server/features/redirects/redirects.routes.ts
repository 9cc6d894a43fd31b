import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import {
  LinkCheckInputSchema,
  LinkCheckSchema,
  NotFoundEntrySchema,
  NotFoundPathQuerySchema,
  RedirectInputSchema,
  RedirectListQuerySchema,
  RedirectSchema,
} from '#shared/schemas/redirect.ts'
import type { App } from '../../context.ts'
import * as redirects from './redirects.service.ts'

export async function redirectRoutes(app: App): Promise<void> {
  app.get(
    '/api/redirects',
    {
      schema: { querystring: RedirectListQuerySchema, response: { 200: z.array(RedirectSchema) } },
      config: { auth: 'admin' },
    },
    async (request, reply) => {
      const page = await redirects.listRedirects(app.ctx.db, request.query)
      reply.header('X-Total-Count', String(page.total))
      return page.redirects
    },
  )

  app.post(
    '/api/redirects',
    { schema: { body: RedirectInputSchema, response: { 201: RedirectSchema } }, config: { auth: 'admin' } },
    async (request, reply) => {
      const redirect = await redirects.createRedirect(
        app.ctx.db,
        request.body,
        'manual',
        app.ctx.clock(),
        app.ctx.env.publicUrl,
      )
      return reply.status(201).send(redirect)
    },
  )

  app.delete(
    '/api/redirects/:id',
    { schema: { params: z.object({ id: IdSchema }) }, config: { auth: 'admin' } },
    async (request, reply) => {
      await redirects.deleteRedirect(app.ctx.db, request.params.id)
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/link-check',
    {
      schema: { body: LinkCheckInputSchema, response: { 200: LinkCheckSchema } },
      config: { auth: 'admin', keepsPublicContent: true },
    },
    async (request) => ({ broken: await redirects.brokenPostLinks(app.ctx.db, request.body.paths) }),
  )

  app.get(
    '/api/not-found-log',
    { schema: { response: { 200: z.array(NotFoundEntrySchema) } }, config: { auth: 'admin' } },
    async () => {
      await app.flushPathLog()
      return redirects.listNotFound(app.ctx.db)
    },
  )

  app.delete(
    '/api/not-found-log',
    { schema: { querystring: NotFoundPathQuerySchema }, config: { auth: 'admin', keepsPublicContent: true } },
    async (request, reply) => {
      await redirects.dismissNotFound(app.ctx.db, request.query.path)
      return reply.status(204).send()
    },
  )
}
