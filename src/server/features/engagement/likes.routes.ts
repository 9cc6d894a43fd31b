import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import { LikeToggleSchema, LikesSummarySchema } from '#shared/schemas/engagement.ts'
import type { App } from '../../context.ts'
import { existingVisitorId, visitorId } from '../../http/visitor.ts'
import { likesSummary, toggleLike } from './likes.service.ts'

const IdParams = z.object({ id: IdSchema })

export async function likeRoutes(app: App): Promise<void> {
  app.get('/api/posts/:id/likes', { schema: { params: IdParams, response: { 200: LikesSummarySchema } } }, async (request) =>
    likesSummary(app.ctx.db, request.params.id, existingVisitorId(request), { isAdmin: Boolean(request.user) }),
  )

  // A like never drops cached pages: the post page asks for the live count, cards may lag by an entry's lifetime.
  app.post('/api/posts/:id/like', { schema: { params: IdParams, response: { 200: LikeToggleSchema } }, config: { keepsPublicContent: true } }, async (request, reply) => {
    const visitor = () => visitorId(request, reply, app.ctx.env.secureCookies)
    return toggleLike(app.ctx.db, request.params.id, visitor, { isAdmin: Boolean(request.user) }, app.ctx.clock())
  })
}
