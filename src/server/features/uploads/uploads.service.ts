import { createHash } from 'node:crypto'
import { OG_WIDTH, VARIANT_WIDTHS, uploadOf, type ImageExt, type VariantFormat } from '#shared/images/variants.ts'
import { paths } from '#shared/paths.ts'
import type { UploadResponse } from '#shared/schemas/site.ts'
import type { Db } from '../../db/client.ts'
import {
  canonicalBucket,
  formatsFor,
  inspectImage,
  makeVariant,
  MIME,
  processImage,
  unsupported,
  type Variant,
} from './image-pipeline.ts'
import { containsMarkup, sniffImage } from './sniff.ts'
import * as repo from './uploads.repo.ts'

export { containsMarkup, sniffImage }

/** Bumped when the variants made of an upload change; the background job then remakes them (docs/decisions/020). */
export const VARIANTS_VERSION = 1

const variantFileName = (hash: string, v: Pick<Variant, 'bucket' | 'format'>) => `${hash}-${v.bucket}.${v.format}`
export const toNewVariant = (hash: string, v: Variant): repo.NewVariant => ({
  file_name: variantFileName(hash, v),
  width: v.width,
  height: v.height,
  mime: MIME[v.format],
  bytes: v.bytes,
})

const response = (meta: Pick<repo.ImageMeta, 'file_name' | 'width' | 'height' | 'alt_text'>): UploadResponse => ({
  url: paths.upload(meta.file_name),
  width: meta.width,
  height: meta.height,
  alt: meta.alt_text,
})

/**
 * Checks the type by the bytes and the decoded size by the header, then makes every variant and stores the cleaned
 * original and the variants in one transaction, under the hash of the uploaded bytes: every instance serves them,
 * their URLs never change, and the same file twice is one row. Used by uploads and the demo seed.
 */
export async function storeImage(
  db: Db,
  bytes: Buffer,
  now: Date,
  opts: { originalName?: string | null; altText?: string } = {},
): Promise<UploadResponse> {
  const ext = sniffImage(bytes) ?? unsupported()
  if (containsMarkup(bytes)) unsupported()
  const fileName = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`
  const existing = await repo.findImageMeta(db, fileName)
  if (existing) return response(existing)

  const inspected = await inspectImage(bytes, ext)
  const processed = await processImage(bytes, ext, inspected)
  const hash = fileName.slice(0, 64)
  const row = {
    id: crypto.randomUUID(),
    file_name: fileName,
    mime: MIME[ext],
    bytes: processed.original,
    size: processed.original.length,
    width: processed.width,
    height: processed.height,
    frames: processed.frames,
    dominant_color: processed.color,
    original_name: opts.originalName ? opts.originalName.slice(0, 200) : null,
    alt_text: opts.altText ?? '',
    variants_version: VARIANTS_VERSION,
    created_at: now.toISOString(),
  }
  await repo.insertImageWithVariants(
    db,
    row,
    processed.variants.map((v) => toNewVariant(hash, v)),
    row.created_at,
  )
  return response(row)
}

export type ServedImage = { mime: string; bytes: Buffer; etag: string }

const ORIGINAL_NAME = /^([a-f0-9]{64})\.(jpg|png|gif|webp)$/
const VARIANT_NAME = /^([a-f0-9]{64})-(\d{3,4})\.(avif|webp|jpg|png|gif)$/
const WIDEST: number = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!

function isOffered(ext: ImageExt, bucket: number, format: VariantFormat): boolean {
  if (bucket === OG_WIDTH) return format === 'jpg'
  return (VARIANT_WIDTHS as readonly number[]).includes(bucket) && formatsFor(ext).includes(format)
}

/**
 * The bytes behind an /uploads URL, or null (no paths, no traversal: only our exact names). A variant is looked up
 * under the width it really has; one never made (an upload from before variants, or a new scheme) is made now
 * from the original, stored for every instance, and served. The original's own URL answers with its widest
 * variant: the kept original is never served.
 */
export async function serveUpload(db: Db, fileName: string, now: Date): Promise<ServedImage | null> {
  const original = ORIGINAL_NAME.exec(fileName)
  const variant = original ? null : VARIANT_NAME.exec(fileName)
  if (!original && !variant) return null
  const hash = (original ?? variant)![1]!
  const meta = original ? await repo.findImageMeta(db, fileName) : await repo.findImageMetaByHash(db, hash)
  if (!meta) return null
  const ext = uploadOf(paths.upload(meta.file_name))!.ext
  const asked = variant ? Number(variant[2]) : WIDEST
  const format = (variant ? variant[3] : ext) as VariantFormat
  if (!isOffered(ext, asked, format)) return null

  const bucket = asked === OG_WIDTH ? OG_WIDTH : canonicalBucket(asked, meta.width ?? WIDEST)
  const name = variantFileName(hash, { bucket, format })
  const stored = await repo.findVariant(db, name)
  const bytes = stored ? Buffer.from(stored.bytes) : await makeMissingVariant(db, meta, { bucket, format }, now)
  if (bytes) return { mime: MIME[format], bytes, etag: `"${name}"` }
  // An upload that can no longer be processed still shows on its own URL, as it was stored.
  const kept = original ? await repo.findOriginalBytes(db, meta.id) : undefined
  return kept ? { mime: meta.mime, bytes: Buffer.from(kept), etag: `"${hash}"` } : null
}

const inFlight = new Map<string, Promise<Buffer | null>>()

/** Made once per instance however many readers ask at the same moment; null when the original cannot be decoded. */
function makeMissingVariant(
  db: Db,
  meta: repo.ImageMeta,
  want: Pick<Variant, 'bucket' | 'format'>,
  now: Date,
): Promise<Buffer | null> {
  const hash = meta.file_name.slice(0, 64)
  const name = variantFileName(hash, want)
  const running = inFlight.get(name)
  if (running) return running
  const work = (async () => {
    const original = await repo.findOriginalBytes(db, meta.id)
    if (!original) return null
    let made: Variant
    try {
      made = await makeVariant(
        Buffer.from(original),
        { width: meta.width ?? WIDEST, frames: meta.frames },
        want.bucket,
        want.format,
      )
    } catch {
      return null
    }
    await repo.insertVariantIfMissing(db, meta.id, toNewVariant(hash, made), now.toISOString())
    return made.bytes
  })().finally(() => inFlight.delete(name))
  inFlight.set(name, work)
  return work
}

export type ImageInfo = { width: number; height: number; color: string | null }

/** Size and placeholder colour of the uploads a text shows, by URL, for markup that never shifts while loading. */
export async function imageInfoByUrl(db: Db, urls: string[]): Promise<Record<string, ImageInfo>> {
  const fileNames = [...new Set(urls.flatMap((u) => (uploadOf(u) ? [u.slice('/uploads/'.length)] : [])))].slice(0, 200)
  const info: Record<string, ImageInfo> = {}
  for (const image of await repo.findImagesMeta(db, fileNames)) {
    if (image.width && image.height)
      info[paths.upload(image.file_name)] = { width: image.width, height: image.height, color: image.dominant_color }
  }
  return info
}
