import { createWriteStream } from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import {
  BACKUP_ESTIMATE_HEADER,
  ImportJobParamsSchema,
  ImportJobSchema,
  ImportQuerySchema,
  ImportStartedSchema,
} from '#shared/schemas/backup.ts'
import type { App } from '../../context.ts'
import { AppError, badRequest, notFound } from '../../errors.ts'
import { rederiveStalePosts } from '../posts/posts.service.ts'
import { createImportJobs } from './import-job.ts'
import { backupFileName, writeBackup } from './transfer.service.ts'
import { estimateBytes } from './export.repo.ts'

export const MAX_IMPORT_BYTES = 4 * 1024 ** 3
const TOO_LARGE = `An import may be at most ${MAX_IMPORT_BYTES / 1024 ** 3} GB: import larger sites with npm run import on the server`

type Upload = { file: string; name: string }

/** The multipart fields `file` and `media`, streamed to a private temp folder (never held in memory). */
async function receiveUploads(request: FastifyRequest, dir: string): Promise<{ file: Upload; media: Upload | null }> {
  if (!request.isMultipart()) badRequest('Send the export as multipart/form-data in the field "file"')
  const got: Record<string, Upload> = {}
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 2, fields: 2 } })) {
      if (part.type !== 'file') continue
      if (part.fieldname !== 'file' && part.fieldname !== 'media')
        badRequest('Send the export in the field "file" and images in the field "media"')
      if (got[part.fieldname]) badRequest(`Send one file in the field "${part.fieldname}"`)
      const target = path.join(dir, part.fieldname)
      await pipeline(part.file, createWriteStream(target))
      if (part.file.truncated) throw new AppError(413, TOO_LARGE)
      got[part.fieldname] = { file: target, name: path.basename(part.filename || part.fieldname) }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, TOO_LARGE)
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      badRequest('Send at most two files: "file" and "media"')
    throw error
  }
  if (!got.file) badRequest('No file was uploaded in the field "file"')
  return { file: got.file!, media: got.media ?? null }
}

export async function transferRoutes(app: App): Promise<void> {
  const { db, engine, env } = app.ctx

  // Streamed as it is read from one snapshot of the database: memory stays flat whatever the blog's size.
  // The password hash never leaves by HTTP; `npm run export -- --with-secrets` on the server includes it.
  app.get('/api/admin/backup', { config: { auth: 'admin' } }, async (request, reply) => {
    const now = app.ctx.clock()
    const body = new PassThrough()
    writeBackup({ db, engine, dataDir: env.dataDir }, body, { withSecrets: false, now }).catch((err: Error) => {
      if (!body.destroyed) request.log.error({ err }, 'backup failed while streaming')
      body.destroy(err)
    })
    reply.headers({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${backupFileName(now)}"`,
      'cache-control': 'private, no-store',
      [BACKUP_ESTIMATE_HEADER]: String(await estimateBytes(db)),
    })
    return reply.send(body)
  })

  // Imported posts are stored unrendered (readers get them rendered on demand): render them in the background.
  const stopRendering = new AbortController()
  let rendering: Promise<unknown> = Promise.resolve()
  const renderImported = () => {
    rendering = rendering
      .then(() => rederiveStalePosts(db, app.log, stopRendering.signal))
      .catch((err: unknown) => app.log.error({ err }, 'rendering imported posts failed'))
  }
  const jobs = createImportJobs({
    db,
    engine,
    dataDir: env.dataDir,
    clock: app.ctx.clock,
    log: app.log,
    limits: env.imports,
    onImported: (report) => {
      if (!report.dryRun && report.created.posts > 0) renderImported()
    },
  })
  await jobs.recover()
  app.addHook('onClose', async () => {
    stopRendering.abort()
    await jobs.close()
    await rendering
  })

  /**
   * Imports a backup or another platform's export as a job: the upload is streamed to disk (its size is refused
   * here, with 413), then read in a worker thread and written in the background. Answers 202 with the job's id;
   * GET /api/admin/imports/{id} gives its progress, then the report or why it failed. The upload itself changes no
   * public content: the job drops the page cache once it has written (a dry run never does).
   */
  app.post(
    '/api/admin/import',
    {
      schema: { querystring: ImportQuerySchema, response: { 202: ImportStartedSchema } },
      config: { auth: 'admin', keepsPublicContent: true },
    },
    async (request, reply) => {
      await jobs.assertIdle()
      const reserved = await jobs.reserve()
      let started = false
      try {
        const { file, media } = await receiveUploads(request, reserved.dir)
        await jobs.start({
          ...reserved,
          file: file.file,
          name: file.name,
          media: media?.file,
          mediaName: media?.name,
          dryRun: request.query.dryRun,
          keepMissingImages: request.query.keepMissingImages,
        })
        started = true
      } finally {
        if (!started) await jobs.release(reserved)
      }
      return reply.code(202).header('location', `/api/admin/imports/${reserved.id}`).send({ id: reserved.id })
    },
  )

  app.get(
    '/api/admin/imports/:id',
    { schema: { params: ImportJobParamsSchema, response: { 200: ImportJobSchema } }, config: { auth: 'admin' } },
    async (request, reply) => {
      const job = (await jobs.get(request.params.id)) ?? notFound('Import')
      return reply.header('cache-control', 'no-store').send(job)
    },
  )
}
