import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { MAX_UPLOAD_BYTES, UploadResponseSchema } from '#shared/schemas/site.ts'
import { cleanLine } from '#shared/text/clean-text.ts'
import type { App } from '../../context.ts'
import { AppError, badRequest, notFound } from '../../errors.ts'
import { serveUpload, storeImage } from './uploads.service.ts'

const TOO_LARGE = `Images must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`
const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'

/** The bytes and file name of the multipart field `image`. */
async function readImageField(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) badRequest('Send the image as multipart/form-data in the field "image"')
  let part: MultipartFile | undefined
  try {
    part = await request.file()
  } catch (error) {
    if (isTooLarge(error)) throw new AppError(413, TOO_LARGE)
    throw error
  }
  if (!part) return badRequest('No image was uploaded')
  try {
    const bytes = await part.toBuffer()
    if (part.file.truncated) throw new AppError(413, TOO_LARGE)
    if (part.fieldname !== 'image') badRequest('Send the image in the field "image"')
    if (bytes.length === 0) badRequest('The uploaded file is empty')
    // The one text a JSON body's edge never sees (ADR 090); a file name is a name, so bidi controls go too.
    return { bytes, name: cleanLine(part.filename) }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError(413, TOO_LARGE)
    throw error
  }
}

export async function uploadRoutes(app: App): Promise<void> {
  const { db } = app.ctx

  app.post(
    '/api/upload-image',
    { schema: { response: { 201: UploadResponseSchema } }, config: { auth: 'admin', keepsPublicContent: true } },
    async (request, reply) => {
      const { bytes, name } = await readImageField(request)
      return reply.status(201).send(await storeImage(db, bytes, app.ctx.clock(), { originalName: name || null }))
    },
  )

  app.get('/uploads/:file', { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const image = (await serveUpload(db, request.params.file, app.ctx.clock())) ?? notFound('Image')
    reply.headers({
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      etag: image.etag,
    })
    const ifNoneMatch = request.headers['if-none-match']
    if (
      ifNoneMatch &&
      ifNoneMatch.split(',').some((tag) => [image.etag, `W/${image.etag}`, '*'].includes(tag.trim()))
    ) {
      return reply.status(304).send()
    }
    return reply.type(image.mime).header('content-length', image.bytes.length).send(image.bytes)
  })
}
