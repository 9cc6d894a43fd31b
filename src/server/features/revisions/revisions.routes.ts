import { z } from 'zod'
import { IdSchema } from '#shared/schemas/common.ts'
import {
  AutosaveInputSchema,
  AutosaveKeySchema,
  AutosaveSchema,
  RevisionSchema,
  RevisionSummarySchema,
} from '#shared/schemas/revision.ts'
import type { App } from '../../context.ts'
import * as revisions from './revisions.service.ts'

const PostParams = z.object({ id: IdSchema })
const RevisionParams = z.object({ id: IdSchema, revisionId: IdSchema })
// The working copy and revisions are admin-only and never change what readers see: the public cache stays.
const adminOnly = { auth: 'admin' as const, keepsPublicContent: true }

export async function revisionRoutes(app: App): Promise<void> {
  app.get(
    '/api/autosaves/:key',
    { schema: { params: AutosaveKeySchema, response: { 200: AutosaveSchema.nullable() } }, config: adminOnly },
    async (request) => revisions.getAutosave(app.ctx.db, request.params.key),
  )

  app.put(
    '/api/autosaves/:key',
    {
      schema: { params: AutosaveKeySchema, body: AutosaveInputSchema, response: { 200: AutosaveSchema } },
      config: adminOnly,
    },
    async (request) => revisions.saveAutosave(app.ctx.db, request.params.key, request.body.form, app.ctx.clock()),
  )

  app.delete(
    '/api/autosaves/:key',
    { schema: { params: AutosaveKeySchema }, config: adminOnly },
    async (request, reply) => {
      await revisions.discardAutosave(app.ctx.db, request.params.key)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/posts/:id/revisions',
    { schema: { params: PostParams, response: { 200: z.array(RevisionSummarySchema) } }, config: adminOnly },
    async (request) => revisions.listRevisions(app.ctx.db, request.params.id),
  )

  app.get(
    '/api/posts/:id/revisions/:revisionId',
    { schema: { params: RevisionParams, response: { 200: RevisionSchema } }, config: adminOnly },
    async (request) => revisions.getRevision(app.ctx.db, request.params.id, request.params.revisionId),
  )

  app.post(
    '/api/posts/:id/revisions/:revisionId/restore',
    { schema: { params: RevisionParams, response: { 200: AutosaveSchema } }, config: adminOnly },
    async (request) =>
      revisions.restoreRevision(app.ctx.db, request.params.id, request.params.revisionId, app.ctx.clock()),
  )
}
