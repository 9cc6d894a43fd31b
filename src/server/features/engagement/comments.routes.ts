import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import { AdminCommentSchema, CommentInputSchema, PublicCommentSchema } from '#shared/schemas/engagement.ts'
import type { App } from '../../context.ts'
import * as comments from './comments.service.ts'

const IdParams = z.object({ id: IdSchema })

export async function commentRoutes(app: App): Promise<void> {
  app.get(
    '/api/posts/:id/comments',
    { schema: { params: IdParams, response: { 200: z.array(PublicCommentSchema) } }, config: { publicCache: true } },
    async (request) => comments.publicComments(app.ctx.db, request.params.id, { isAdmin: Boolean(request.user) }),
  )

  app.post(
    '/api/posts/:id/comments',
    // A new comment waits for approval: public pages don't change until then.
    {
      schema: { params: IdParams, body: CommentInputSchema, response: { 201: PublicCommentSchema } },
      config: { keepsPublicContent: true },
    },
    async (request, reply) => {
      const now = app.ctx.clock()
      const who = { viewer: { isAdmin: Boolean(request.user) }, network: app.ctx.keys.network(request.ip, now) }
      const comment = await comments.submitComment(app.ctx.db, request.params.id, request.body, who, now)
      return reply.status(201).send(comment)
    },
  )

  app.get(
    '/api/admin/comments',
    { schema: { response: { 200: z.array(AdminCommentSchema) } }, config: { auth: 'admin' } },
    async () => comments.adminComments(app.ctx.db),
  )

  app.put(
    '/api/admin/comments/:id/approve',
    { schema: { params: IdParams, response: { 200: AdminCommentSchema } }, config: { auth: 'admin' } },
    async (request) => comments.approveComment(app.ctx.db, request.params.id, app.ctx.clock()),
  )

  app.delete(
    '/api/admin/comments/:id',
    { schema: { params: IdParams }, config: { auth: 'admin' } },
    async (request, reply) => {
      await comments.deleteComment(app.ctx.db, request.params.id)
      return reply.status(204).send()
    },
  )
}
