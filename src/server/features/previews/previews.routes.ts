import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import { PostDetailSchema } from '#shared/schemas/post.ts'
import { PreviewLinkSchema, PreviewTokenSchema } from '#shared/schemas/preview.ts'
import type { App } from '../../context.ts'
import * as previews from './previews.service.ts'

const PostParams = z.object({ id: IdSchema })
const adminOnly = { auth: 'admin' as const, keepsPublicContent: true }

/** Headers of anything a preview link shows: for its holder only, never indexed, never kept by a shared cache. */
export const PREVIEW_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
}

export async function previewRoutes(app: App): Promise<void> {
  app.get(
    '/api/posts/:id/preview-link',
    { schema: { params: PostParams, response: { 200: PreviewLinkSchema.nullable() } }, config: adminOnly },
    async (request) => previews.getPreviewLink(app.ctx.db, request.params.id),
  )

  app.post(
    '/api/posts/:id/preview-link',
    { schema: { params: PostParams, response: { 200: PreviewLinkSchema } }, config: adminOnly },
    async (request) => previews.sharePreview(app.ctx.db, request.params.id, app.ctx.clock()),
  )

  app.delete(
    '/api/posts/:id/preview-link',
    { schema: { params: PostParams }, config: adminOnly },
    async (request, reply) => {
      await previews.revokePreview(app.ctx.db, request.params.id)
      return reply.status(204).send()
    },
  )

  // Deliberately not publicCache: each request checks that the link still exists.
  app.get(
    '/api/previews/:token',
    { schema: { params: z.object({ token: PreviewTokenSchema }), response: { 200: PostDetailSchema } } },
    async (request, reply) => {
      reply.headers(PREVIEW_HEADERS)
      return previews.postByPreviewToken(app.ctx.db, request.params.token)
    },
  )
}
