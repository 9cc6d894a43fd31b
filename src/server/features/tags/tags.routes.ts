import { TagParams, TagSchema } from '#shared/schemas/tag.ts'
import type { App } from '../../context.ts'
import { notFound } from '../../errors.ts'
import { getPublishedTag } from './tags.service.ts'

export async function tagRoutes(app: App): Promise<void> {
  app.get(
    '/api/tags/:tag',
    { schema: { params: TagParams, response: { 200: TagSchema } }, config: { publicCache: true } },
    async (request) => (await getPublishedTag(app.ctx.db, request.params.tag)) ?? notFound('Tag'),
  )
}
