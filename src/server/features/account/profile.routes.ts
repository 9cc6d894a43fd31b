import { z } from 'zod'
import { AuthorProfileSchema } from '#shared/schemas/author.ts'
import { IdSchema } from '#shared/schemas/common.ts'
import type { App } from '../../context.ts'
import { notFound } from '../../errors.ts'
import { requireUser } from '../../http/session.ts'
import { getAuthorProfile, updateAuthorProfile } from './profile.service.ts'

/** The signed-in author's own profile (Settings → Account), and any author's public one (the post page's byline). */
export async function profileRoutes(app: App): Promise<void> {
  const { db } = app.ctx

  app.get(
    '/api/account/profile',
    { schema: { response: { 200: AuthorProfileSchema } }, config: { auth: 'admin' } },
    async (request) => (await getAuthorProfile(db, requireUser(request).id)) ?? notFound('User'),
  )

  // Bylines, the feed and JSON-LD read the display name: a write under /api/ refreshes cached pages.
  app.put(
    '/api/account/profile',
    { schema: { body: AuthorProfileSchema, response: { 200: AuthorProfileSchema } }, config: { auth: 'admin' } },
    async (request) => updateAuthorProfile(db, requireUser(request).id, request.body, app.ctx.clock()),
  )

  app.get(
    '/api/authors/:id',
    {
      schema: { params: z.object({ id: IdSchema }), response: { 200: AuthorProfileSchema } },
      config: { publicCache: true },
    },
    async (request) => (await getAuthorProfile(db, request.params.id)) ?? notFound('Author'),
  )
}
