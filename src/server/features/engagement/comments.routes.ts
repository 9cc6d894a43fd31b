import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import {
  AdminCommentSchema,
  AdminCommentsPageSchema,
  AdminCommentsQuerySchema,
  CommentBulkResultSchema,
  CommentBulkSchema,
  CommentInputSchema,
  CommentsPageQuerySchema,
  PublicCommentSchema,
} from '#shared/schemas/engagement.ts'
import { commentsPageUrl } from '#shared/site/comments-page.ts'
import { byQuery } from '../../cache/cache-plugin.ts'
import type { App } from '../../context.ts'
import * as comments from './comments.service.ts'

const IdParams = z.object({ id: IdSchema })

export async function commentRoutes(app: App): Promise<void> {
  app.get(
    '/api/posts/:id/comments',
    {
      schema: {
        params: IdParams,
        querystring: CommentsPageQuerySchema,
        response: { 200: z.array(PublicCommentSchema) },
      },
      config: { publicCache: true, cacheKey: byQuery(['after']) },
    },
    async (request, reply) => {
      const { after } = request.query
      // Only the first page is kept in the response cache: the others are cheap, and any id could be asked for.
      if (after !== undefined) request.cacheVersion = null
      const page = await comments.publicComments(app.ctx.db, request.params.id, after, {
        isAdmin: Boolean(request.user),
      })
      if (page.next) reply.header('Link', `<${commentsPageUrl(request.params.id, page.next)}>; rel="next"`)
      return page.comments
    },
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
    {
      schema: { querystring: AdminCommentsQuerySchema, response: { 200: AdminCommentsPageSchema } },
      config: { auth: 'admin' },
    },
    async (request) => comments.adminComments(app.ctx.db, request.query),
  )

  for (const [action, approved] of [
    ['approve', true],
    ['unapprove', false],
  ] as const) {
    app.put(
      `/api/admin/comments/:id/${action}`,
      { schema: { params: IdParams, response: { 200: AdminCommentSchema } }, config: { auth: 'admin' } },
      async (request) => comments.setApproval(app.ctx.db, request.params.id, approved, app.ctx.clock()),
    )
  }

  app.post(
    '/api/admin/comments/bulk',
    { schema: { body: CommentBulkSchema, response: { 200: CommentBulkResultSchema } }, config: { auth: 'admin' } },
    async (request) => comments.bulkModerate(app.ctx.db, request.body, app.ctx.clock()),
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
