import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import { LikeToggleSchema, LikesSummarySchema } from '#shared/schemas/engagement.ts'
import type { App } from '../../context.ts'
import { forbidden } from '../../errors.ts'
import { isCountable } from '../../http/countable-request.ts'
import { countedReader } from '../../http/counted-reader.ts'
import { existingVisitorId } from '../../http/visitor.ts'
import { likesSummary, toggleLike } from './likes.service.ts'

const IdParams = z.object({ id: IdSchema })

export async function likeRoutes(app: App): Promise<void> {
  app.get(
    '/api/posts/:id/likes',
    { schema: { params: IdParams, response: { 200: LikesSummarySchema } } },
    async (request) =>
      likesSummary(app.ctx.db, request.params.id, existingVisitorId(request, app.ctx.keys), {
        isAdmin: Boolean(request.user),
      }),
  )

  // A like never drops cached pages: the post page asks for the live count, cards may lag by an entry's lifetime.
  app.post(
    '/api/posts/:id/like',
    { schema: { params: IdParams, response: { 200: LikeToggleSchema } }, config: { keepsPublicContent: true } },
    async (request, reply) => {
      if (!isCountable(request)) forbidden('Likes from crawlers and prefetches are not counted')
      const now = app.ctx.clock()
      const reader = countedReader(request, reply, app.ctx, now)
      return toggleLike(
        app.ctx.db,
        request.params.id,
        reader,
        { isAdmin: Boolean(request.user) },
        now,
        app.ctx.env.countsPerNetwork.likes,
      )
    },
  )
}
