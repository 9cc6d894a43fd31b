import type { Metadata, Sharp } from 'sharp'
import { OG_WIDTH, sourceFormats, VARIANT_WIDTHS, type ImageExt, type VariantFormat } from '#shared/images/variants.ts'
import { AppError } from '../../errors.ts'
import { scanGifFrames } from './gif-frames.ts'
import { loadSharp, type SharpFactory } from './sharp-loader.ts'

let sharp: SharpFactory
/** Awaited by every entry point before it touches sharp (loaded on first use; see sharp-loader.ts). */
async function ready(): Promise<void> {
  sharp ??= await loadSharp()
}

/** Decoded size cap, against decompression bombs: all frames of an animation count. */
export const MAX_PIXELS = 40_000_000

export const MIME: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
}

const SHARP_FORMAT: Record<string, ImageExt> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' }

export const unsupported = (): never => {
  throw new AppError(415, 'Only JPEG, PNG, GIF and WebP images are accepted')
}
const damaged = (): never => {
  throw new AppError(422, 'The image could not be read: the file looks damaged or incomplete')
}

export type Inspected = { width: number; height: number; frames: number }

/**
 * What the file says about itself, read from its header without decoding a pixel: the format must be the one its
 * signature claims, and the decoded size (width × height × frames, a GIF's frames measured as the decoder will)
 * must stay under 40 megapixels. Width and height are as displayed (EXIF orientation applied).
 */
export async function inspectImage(bytes: Buffer, ext: ImageExt): Promise<Inspected> {
  await ready()
  let meta: Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    return unsupported()
  }
  if (SHARP_FORMAT[meta.format ?? ''] !== ext || !meta.width || !meta.height) return unsupported()
  const canvas =
    ext === 'gif' ? scanGifFrames(bytes) : { width: meta.width, height: meta.height, frames: meta.pages ?? 1 }
  const pixels = canvas.width * canvas.height * canvas.frames
  if (pixels > MAX_PIXELS) {
    const frames = canvas.frames > 1 ? ` × ${canvas.frames} frames` : ''
    throw new AppError(
      413,
      `The image is too large to process: ${canvas.width} × ${canvas.height} pixels${frames} is ${Math.round(pixels / 1e6).toLocaleString('en-US')} megapixels; the limit is ${MAX_PIXELS / 1e6}`,
    )
  }
  const turned = (meta.orientation ?? 1) >= 5
  return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, frames: canvas.frames }
}

/** The widths an image of this width is made at: each standard width below it, and the first one that covers it. */
export function bucketsFor(width: number): number[] {
  const out: number[] = []
  for (const w of VARIANT_WIDTHS) {
    out.push(w)
    if (w >= width) break
  }
  return out
}

/** The stored variant that answers a requested width: the picture is never upscaled, so wider asks get its largest. */
export const canonicalBucket = (requested: number, width: number) => Math.min(requested, bucketsFor(width).at(-1)!)

export const formatsFor = (ext: ImageExt): VariantFormat[] => [...sourceFormats(ext), ext]

export type Variant = { bucket: number; format: VariantFormat; width: number; height: number; bytes: Buffer }
export type Processed = {
  original: Buffer
  width: number
  height: number
  frames: number
  color: string
  variants: Variant[]
}

// Small widths are what phones fetch and cheap to encode, so they get the slower, smaller settings; the large ones
// stay fast, so a 12-megapixel photo is done in about two seconds on two cores. The fallback in the original's
// format is for browsers without WebP, so it is encoded plainly.
function encode(image: Sharp, format: VariantFormat, bucket: number): Sharp {
  const small = bucket <= 960
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: small ? 3 : 1, chromaSubsampling: '4:2:0' })
    case 'webp':
      return image.webp({ quality: 75, effort: small ? 4 : 1 })
    case 'jpg':
      return (bucket === OG_WIDTH ? image.flatten({ background: '#ffffff' }) : image).jpeg({
        quality: 80,
        progressive: true,
      })
    case 'png':
      return image.png({ compressionLevel: 8 })
    case 'gif':
      return image.gif()
  }
}

/** The kept original: upright, every metadata block dropped, re-encoded in its own format at high quality. */
function encodeOriginal(image: Sharp, ext: ImageExt): Sharp {
  if (ext === 'jpg') return image.jpeg({ quality: 92 })
  if (ext === 'png') return image.png({ compressionLevel: 8 })
  if (ext === 'webp') return image.webp({ quality: 90 })
  return image.gif()
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0')

async function output(image: Sharp, bucket: number, format: VariantFormat, frames: number): Promise<Variant> {
  const { data, info } = await encode(image, format, bucket).toBuffer({ resolveWithObject: true })
  // An animation comes out as its frames stacked: one frame's height is the picture's.
  return { bucket, format, width: info.width, height: Math.round(info.height / frames), bytes: data }
}

const input = (bytes: Buffer, frames: number) =>
  sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS, animated: frames > 1 }).autoOrient()

/** libvips failing on the pixels is a damaged file: 422, and nothing is stored. */
async function decoding<T>(work: () => Promise<T>): Promise<T> {
  await ready()
  try {
    return await work()
  } catch (error) {
    if (error instanceof AppError) throw error
    return damaged()
  }
}

/** The kept original: upright, every metadata block dropped, re-encoded in its own format at high quality. */
export function cleanOriginal(bytes: Buffer, ext: ImageExt, frames: number): Promise<Buffer> {
  return decoding(() => encodeOriginal(input(bytes, frames), ext).toBuffer())
}

/**
 * Every variant of an upload and its dominant colour, made from the kept original (never from the uploaded file), so
 * a variant made again later (on request, by the background job, after a restore) is byte for byte the same.
 */
export function makeVariants(
  original: Buffer,
  ext: ImageExt,
  meta: { width: number; frames: number },
): Promise<{ color: string; variants: Variant[] }> {
  return decoding(async () => {
    const source = await sourceOf(original, meta.frames)
    const [color, ...variants] = await Promise.all([
      dominantColor(source.first()),
      ...variantsFor(meta.width, ext).map(([bucket, format]) => render(source, meta, bucket, format)),
    ])
    return { color, variants }
  })
}

/** The cleaned original, its variants and its dominant colour: everything an upload stores. */
export async function processImage(bytes: Buffer, ext: ImageExt, inspected: Inspected): Promise<Processed> {
  const original = await cleanOriginal(bytes, ext, inspected.frames)
  return { original, ...inspected, ...(await makeVariants(original, ext, inspected)) }
}

/** Every (width, format) an upload has: each width in AVIF, WebP and the original's format, and the Open Graph JPEG. */
export function variantsFor(width: number, ext: ImageExt): Array<[number, VariantFormat]> {
  const pairs = bucketsFor(width).flatMap((bucket) =>
    formatsFor(ext).map((format): [number, VariantFormat] => [bucket, format]),
  )
  return [...pairs, [OG_WIDTH, 'jpg']]
}

/** One variant, made from the kept original when it was never made or the variants scheme moved on. */
export async function makeVariant(
  original: Buffer,
  meta: { width: number; frames: number },
  bucket: number,
  format: VariantFormat,
): Promise<Variant> {
  await ready()
  return render(await sourceOf(original, meta.frames), meta, bucket, format)
}

type Source = { all: () => Sharp; first: () => Sharp }

/**
 * Where variants start: a still picture decoded and shrunk to the widest variant once (each variant then resizes
 * those pixels); an animation with all its frames, and its first frame for Open Graph.
 */
async function sourceOf(original: Buffer, frames: number): Promise<Source> {
  if (frames > 1) return { all: () => input(original, frames), first: () => input(original, 1) }
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]
  const { data, info } = await input(original, 1)
    .resize({ width: widest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  return { all: pixels, first: pixels }
}

function render(
  source: Source,
  meta: { width: number; frames: number },
  bucket: number,
  format: VariantFormat,
): Promise<Variant> {
  const og = bucket === OG_WIDTH // Open Graph shows the first frame
  const image = (og ? source.first() : source.all()).resize({ width: Math.min(bucket, meta.width) })
  return output(image, bucket, format, og ? 1 : meta.frames)
}

/** The placeholder colour shown while the picture loads (of the first frame of an animation). */
async function dominantColor(image: Sharp): Promise<string> {
  const { dominant } = await sharp(
    await image.resize({ width: 64, height: 64, fit: 'inside' }).png().toBuffer(),
  ).stats()
  return `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`
}

/** Whether a stored original still carries metadata (orientation, EXIF, ICC, IPTC, XMP, text chunks). */
export async function hasMetadata(bytes: Buffer): Promise<boolean> {
  await ready()
  const m = await sharp(bytes, { limitInputPixels: false }).metadata()
  return Boolean(m.exif || m.icc || m.iptc || m.xmp || (m.orientation && m.orientation !== 1) || m.comments?.length)
}
