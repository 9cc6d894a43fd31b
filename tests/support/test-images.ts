import { deflateSync } from 'node:zlib'
import { encodePng, pngChunk } from '#server/features/seed/png.ts'

/** Small, valid images built byte by byte for tests (no binary fixtures in the repository). */

const bytes = (...parts: Array<number[] | Uint8Array | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))
const u16be = (n: number) => [n >> 8, n & 0xff]
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]

/** An 8x8 mid-grey baseline JPEG: one DC-only block with one-symbol Huffman tables. */
export function tinyJpeg(extraSegments: Uint8Array[] = [], width = 8, height = 8): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, ...u16be(body.length + 2), ...body]
  const app0 = segment(0xe0, [...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0])
  const dqt = segment(0xdb, [0, ...new Array(64).fill(1)])
  const sof0 = segment(0xc0, [8, ...u16be(height), ...u16be(width), 1, 1, 0x11, 0])
  const table = (classAndId: number) => [classAndId, 1, ...new Array(15).fill(0), 0] // one code of length 1: symbol 0
  const dht = segment(0xc4, [...table(0x00), ...table(0x10)])
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0])
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8)
  // Per block: DC diff category 0 ("0"), then end-of-block ("0"); padded with 1 bits.
  const bits = '00'.repeat(blocks)
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '1')
  const scan = padded.match(/.{8}/g)!.map((b) => parseInt(b, 2))
  return bytes([0xff, 0xd8], app0, ...extraSegments, dqt, sof0, dht, sos, scan, [0xff, 0xd9])
}

/** APP1 EXIF with an orientation entry and a GPS IFD holding a latitude reference "N". */
export function exifWithGps(orientation = 1): Uint8Array {
  // Big-endian TIFF: IFD0 at 8 with 2 entries (Orientation, GPS IFD pointer), GPS IFD at 38 with 1 entry.
  const tiff = [
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    2,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0x88,
    0x25,
    0,
    4,
    0,
    0,
    0,
    1,
    0,
    0,
    0,
    38,
    0,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    2,
    0,
    0,
    0,
    2,
    0x4e,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]
  const body = [...Buffer.from('Exif\0\0'), ...tiff, ...Buffer.from('GPS-SECRET-51.5N')]
  return bytes([0xff, 0xe1, ...u16be(body.length + 2)], body)
}

export const jpegComment = (text: string) => bytes([0xff, 0xfe, ...u16be(text.length + 2)], text)
export const jpegApp13 = (text: string) => bytes([0xff, 0xed, ...u16be(text.length + 16)], 'Photoshop 3.0\0', text)

export function tinyPng(width = 4, height = 3): Buffer {
  return encodePng(width, height, (x, y) => [x * 60, y * 80, 128])
}

/** A PNG with metadata chunks inserted after IHDR. */
export function pngWithMetadata(): Buffer {
  const png = tinyPng()
  const ihdrEnd = 8 + 25
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    pngChunk('tEXt', Buffer.from('Author\0SECRET-AUTHOR')),
    pngChunk('iTXt', Buffer.from('Comment\0\0\0\0\0SECRET-ITXT')),
    pngChunk('zTXt', Buffer.from('Title\0\0xx')),
    pngChunk('eXIf', Buffer.from('MM\0*SECRET-EXIF')),
    pngChunk('tIME', Buffer.from([7, 234, 1, 2, 3, 4, 5])),
    png.subarray(ihdrEnd),
  ])
}

/** 1x1 GIF89a, optionally with a comment extension and an XMP application extension. */
export function tinyGif(withMetadata = false): Buffer {
  const header = bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0], [0, 0, 0, 255, 255, 255])
  const gce = [0x21, 0xf9, 4, 1, 0, 0, 0, 0]
  const image = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 1, 0x44, 0]
  const comment = bytes([0x21, 0xfe, 14], 'SECRET-COMMENT', [0])
  const xmp = bytes([0x21, 0xff, 11], 'XMP DataXMP', [10], 'SECRET-XMP', [0])
  return withMetadata ? bytes(header, comment, gce, xmp, image, [0x3b]) : bytes(header, gce, image, [0x3b])
}

// A well-known 1x1 lossless WebP (VP8L) bitstream.
const VP8L = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64').subarray(12)

export function tinyWebp(withMetadata = false): Buffer {
  const chunk = (fourcc: string, data: Uint8Array) =>
    bytes(fourcc, u32le(data.length), data, data.length % 2 ? [0] : [])
  const body = withMetadata
    ? bytes(
        chunk('VP8X', Uint8Array.from([0x08 | 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0])), // EXIF + XMP flags, 1x1 canvas
        VP8L,
        chunk('EXIF', Buffer.from('MM\0*SECRET-WEBP-EXIF')),
        chunk('XMP ', Buffer.from('<x:xmpmeta>SECRET-WEBP-XMP</x:xmpmeta>')),
      )
    : VP8L
  return bytes('RIFF', u32le(body.length + 4), 'WEBP', body)
}

/**
 * A camera-like JPEG: left half red, right half blue, with an EXIF block (orientation, GPS), XMP and a comment.
 * Made with sharp, then the EXIF segment is spliced in by hand so the orientation is exactly the one asked for.
 */
export async function cameraJpeg(width = 40, height = 20, orientation = 1): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  const half = Math.floor(width / 2)
  const right = await sharp({ create: { width: width - half, height, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer()
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: right, left: half, top: 0 }])
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">SECRET-XMP</x:xmpmeta>')
    .jpeg({ quality: 90 })
    .toBuffer()
  return Buffer.concat([jpeg.subarray(0, 2), exifWithGps(orientation), jpegComment('SECRET-COMMENT'), jpeg.subarray(2)])
}

/** An animated GIF of `frames` frames of width × height, each a different shade (made with sharp). */
export async function animatedGif(frames: number, width = 32, height = 32): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  const raw = Buffer.alloc(width * height * frames * 3)
  for (let f = 0; f < frames; f++) raw.fill((f * 37) % 256, f * width * height * 3, (f + 1) * width * height * 3)
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: new Array(frames).fill(40), loop: 0 })
    .toBuffer()
}

/**
 * A small GIF that claims a big decode: its logical screen is `screen` pixels square and it has `frames` 1×1
 * frames, or one frame whose descriptor claims `frame` (larger than the screen). Built byte by byte.
 */
export function claimingGif(opts: { screen: number; frames?: number; frame?: [number, number] }): Buffer {
  const le = (n: number) => [n & 0xff, n >> 8]
  const header = bytes('GIF89a', le(opts.screen), le(opts.screen), [0x80, 0, 0], [0, 0, 0, 255, 255, 255])
  const [w, h] = opts.frame ?? [1, 1]
  const image = bytes([0x21, 0xf9, 4, 0, 4, 0, 0, 0], [0x2c, 0, 0, 0, 0], le(w), le(h), [0, 2, 2, 0x4c, 0x01, 0])
  return bytes(header, ...new Array(opts.frames ?? 1).fill(image), [0x3b])
}

/** A well-formed PNG (correct CRCs) whose header claims width × height, with almost no pixel data. */
export function claimingPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', new Uint8Array(0)),
  ])
}
