import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import {
  AltTextUpdateSchema,
  MediaDeleteQuerySchema,
  MediaItemSchema,
  MediaListQuerySchema,
  MediaListSchema,
} from '#shared/schemas/media.ts'
import type { App } from '../../context.ts'
import { deleteMedia, listMedia, updateAltText } from './media.service.ts'

const IdParams = z.object({ id: IdSchema })

/** The media library (admin only). Editing alt text also changes the posts showing the picture (media.service.ts). */
export async function mediaRoutes(app: App): Promise<void> {
  const { db } = app.ctx

  app.get(
    '/api/admin/media',
    { schema: { querystring: MediaListQuerySchema, response: { 200: MediaListSchema } }, config: { auth: 'admin' } },
    async (request) => listMedia(db, request.query),
  )

  app.patch(
    '/api/admin/media/:id',
    {
      schema: { params: IdParams, body: AltTextUpdateSchema, response: { 200: MediaItemSchema } },
      config: { auth: 'admin' },
    },
    async (request) => updateAltText(db, request.params.id, request.body.altText, app.ctx.clock()),
  )

  app.delete(
    '/api/admin/media/:id',
    { schema: { params: IdParams, querystring: MediaDeleteQuerySchema }, config: { auth: 'admin' } },
    async (request, reply) => {
      await deleteMedia(db, request.params.id, request.query.confirm === 'true')
      return reply.status(204).send()
    },
  )
}
