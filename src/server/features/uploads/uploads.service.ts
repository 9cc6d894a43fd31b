import { createHash } from 'node:crypto'
import { imageSize } from 'image-size'
import { paths } from '#shared/paths.ts'
import type { UploadResponse } from '#shared/schemas/site.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { IMAGE_MIME, sniffImage } from './sniff.ts'
import { stripMetadata } from './strip-metadata.ts'
import { findImage, insertImageIfMissing } from './uploads.repo.ts'

export const UPLOAD_FILE_PATTERN = /^[a-f0-9]{64}\.(jpg|png|gif|webp)$/
/** A few bytes can claim a huge canvas; readers' browsers would have to decode it. */
const MAX_PIXELS = 50_000_000
const MAX_SIDE = 20_000

const unsupported = (): never => {
  throw new AppError(415, 'Only JPEG, PNG, GIF and WebP images are accepted')
}

/**
 * Checks the type by the bytes, strips metadata, measures, and stores the image in the database under a
 * content hash, so every instance serves it and its URL never changes. Used by uploads and the demo seed.
 */
export async function storeImage(db: Db, bytes: Uint8Array, now: Date): Promise<UploadResponse> {
  const kind = sniffImage(bytes) ?? unsupported()
  let clean: Uint8Array
  let size: ReturnType<typeof imageSize>
  try {
    clean = stripMetadata(bytes, kind)
    size = imageSize(clean)
  } catch {
    // Only pure parsers of the uploaded bytes run above: any failure means a damaged or disguised file.
    return unsupported()
  }
  if (size.type !== kind) unsupported()
  if (size.width * size.height > MAX_PIXELS || size.width > MAX_SIDE || size.height > MAX_SIDE) {
    throw new AppError(413, 'The image dimensions are too large')
  }
  // Orientations 5–8 turn the picture a quarter: report the size as displayed.
  const turned = (size.orientation ?? 1) >= 5
  const width = turned ? size.height : size.width
  const height = turned ? size.width : size.height

  const fileName = `${createHash('sha256').update(clean).digest('hex')}.${kind}`
  await insertImageIfMissing(db, {
    id: crypto.randomUUID(),
    file_name: fileName,
    mime: IMAGE_MIME[kind],
    bytes: Buffer.from(clean),
    size: clean.length,
    width,
    height,
    created_at: now.toISOString(),
  })
  return { url: paths.upload(fileName), width, height }
}

export type StoredImage = { mime: string; bytes: Buffer; etag: string }

/** Null for anything that is not exactly one of our file names (no paths, no traversal). */
export async function getImage(db: Db, fileName: string): Promise<StoredImage | null> {
  if (!UPLOAD_FILE_PATTERN.test(fileName)) return null
  const row = await findImage(db, fileName)
  if (!row) return null
  return { mime: row.mime, bytes: Buffer.from(row.bytes), etag: `"${fileName.slice(0, 64)}"` }
}
