import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import {
  BACKUP_ESTIMATE_HEADER,
  ImportQuerySchema,
  ImportReportSchema,
  type ImportReport,
  type ImportStreamLine,
} from '#shared/schemas/backup.ts'
import type { App } from '../../context.ts'
import { AppError, badRequest, conflict } from '../../errors.ts'
import { rederiveStalePosts } from '../posts/posts.service.ts'
import { backupFileName, runImport, writeBackup } from './transfer.service.ts'
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

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/x-ndjson')

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

  let running = false

  // Imported posts are stored unrendered (readers get them rendered on demand): render them in the background.
  const stopRendering = new AbortController()
  let rendering: Promise<unknown> = Promise.resolve()
  const renderImported = () => {
    rendering = rendering
      .then(() => rederiveStalePosts(db, app.log, stopRendering.signal))
      .catch((err: unknown) => app.log.error({ err }, 'rendering imported posts failed'))
  }
  app.addHook('onClose', async () => {
    stopRendering.abort()
    await rendering
  })

  /**
   * Imports a backup or another platform's export. Answers with the report as JSON, or (asked with Accept:
   * application/x-ndjson) streams progress lines and ends with the report or the error.
   */
  app.post(
    '/api/admin/import',
    { schema: { querystring: ImportQuerySchema, response: { 200: ImportReportSchema } }, config: { auth: 'admin' } },
    async (request, reply) => {
      if (running) conflict('An import is already running on this server')
      running = true
      const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-import-'))
      const cleanup = async () => {
        running = false
        await rm(dir, { recursive: true, force: true })
      }
      let streaming = false
      try {
        const { file, media } = await receiveUploads(request, dir)
        const input = {
          file: file.file,
          name: file.name,
          media: media?.file,
          mediaName: media?.name,
          dryRun: request.query.dryRun,
          keepMissingImages: request.query.keepMissingImages,
          now: app.ctx.clock(),
        }
        const imported = async (report: ImportReport) => {
          if (!report.dryRun && report.created.posts > 0) renderImported()
          return report
        }
        if (!wantsStream(request)) return await imported(await runImport(db, input))

        streaming = true
        const lines = new PassThrough()
        const write = (line: ImportStreamLine) => lines.write(`${JSON.stringify(line)}\n`)
        let last = 0
        const onProgress = (phase: string, done: number, total: number | null) => {
          if (Date.now() - last < 250 && done !== total) return
          last = Date.now()
          write({ progress: { phase, done, total } })
        }
        runImport(db, { ...input, onProgress })
          .then(imported)
          .then((report) => write({ report }))
          .catch((error: unknown) => {
            if (error instanceof AppError) return write({ error: error.message })
            request.log.error({ err: error }, 'import failed')
            write({ error: 'Internal server error' })
          })
          .finally(() => {
            lines.end()
            void cleanup()
          })
        // A stream of lines, not the JSON report the schema describes for the default answer.
        return reply
          .type('application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(lines as never)
      } finally {
        if (!streaming) await cleanup()
      }
    },
  )
}
