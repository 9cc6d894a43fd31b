import { z } from 'zod'
import { CategoryInputSchema, CategorySchema } from '#shared/schemas/category.ts'
import { IdSchema } from '#shared/schemas/common.ts'
import type { App } from '../../context.ts'
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service.ts'

const Params = z.object({ id: IdSchema })

export async function categoryRoutes(app: App): Promise<void> {
  const { db } = app.ctx

  app.get(
    '/api/categories',
    { schema: { response: { 200: z.array(CategorySchema) } }, config: { publicCache: true } },
    async () => listCategories(db),
  )

  app.post(
    '/api/categories',
    { schema: { body: CategoryInputSchema, response: { 201: CategorySchema } }, config: { auth: 'admin' } },
    async (request, reply) => reply.status(201).send(await createCategory(db, request.body, app.ctx.clock())),
  )

  app.put(
    '/api/categories/:id',
    {
      schema: { params: Params, body: CategoryInputSchema, response: { 200: CategorySchema } },
      config: { auth: 'admin' },
    },
    async (request) => updateCategory(db, request.params.id, request.body),
  )

  app.delete(
    '/api/categories/:id',
    { schema: { params: Params }, config: { auth: 'admin' } },
    async (request, reply) => {
      await deleteCategory(db, request.params.id)
      return reply.status(204).send()
    },
  )
}
