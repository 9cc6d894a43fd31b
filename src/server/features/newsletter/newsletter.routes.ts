import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import { NewsletterSendListSchema, NewsletterSendStateSchema, RetryAnswerSchema } from '#shared/schemas/newsletter.ts'
import type { App } from '../../context.ts'
import * as service from './newsletter.service.ts'

const PostParams = z.object({ postId: IdSchema })

/** Admin: each sent post's counts, one post's state (the editor's switch), and "Retry failed". */
export async function newsletterRoutes(app: App): Promise<void> {
  const { db } = app.ctx

  app.get(
    '/api/admin/newsletter/sends',
    { schema: { response: { 200: NewsletterSendListSchema } }, config: { auth: 'admin' } },
    async () => service.listSends(db),
  )

  app.get(
    '/api/admin/newsletter/sends/:postId',
    { schema: { params: PostParams, response: { 200: NewsletterSendStateSchema } }, config: { auth: 'admin' } },
    async (request) => service.sendState(db, request.params.postId),
  )

  app.post(
    '/api/admin/newsletter/sends/:postId/retry',
    {
      schema: { params: PostParams, response: { 200: RetryAnswerSchema } },
      config: { auth: 'admin', keepsPublicContent: true },
    },
    async (request) => ({ retried: await service.retryFailed(db, request.params.postId, app.ctx.clock()) }),
  )
}
