import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import { FooterPageInputSchema, FooterPageSchema, PublicFooterPageSchema } from '#shared/schemas/site.ts'
import type { App } from '../../context.ts'
import { notFound } from '../../errors.ts'
import {
  createFooterPage,
  getActiveFooterPageBySlug,
  getFooterPage,
  listFooterPages,
  updateFooterPage,
} from './footer-pages.service.ts'

const IdParams = z.object({ id: IdSchema })
const SlugParams = z.object({ slug: z.string().max(200) })

export async function footerPageRoutes(app: App): Promise<void> {
  const { db } = app.ctx
  const admin = { auth: 'admin' as const }

  app.get(
    '/api/footer-pages/slug/:slug',
    { schema: { params: SlugParams, response: { 200: PublicFooterPageSchema } }, config: { publicCache: true } },
    async (request) => (await getActiveFooterPageBySlug(db, request.params.slug)) ?? notFound('Page'),
  )

  app.get('/api/footer-pages', { schema: { response: { 200: z.array(FooterPageSchema) } }, config: admin }, async () =>
    listFooterPages(db),
  )

  app.get(
    '/api/footer-pages/:id',
    { schema: { params: IdParams, response: { 200: FooterPageSchema } }, config: admin },
    async (request) => getFooterPage(db, request.params.id),
  )

  app.post(
    '/api/footer-pages',
    { schema: { body: FooterPageInputSchema, response: { 201: FooterPageSchema } }, config: admin },
    async (request, reply) => reply.status(201).send(await createFooterPage(db, request.body, app.ctx.clock())),
  )

  app.put(
    '/api/footer-pages/:id',
    { schema: { params: IdParams, body: FooterPageInputSchema, response: { 200: FooterPageSchema } }, config: admin },
    async (request) => updateFooterPage(db, request.params.id, request.body, app.ctx.clock()),
  )
}
