import { encodePng, pngChunk } from '../seed/png.ts'

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
    0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8,
    0, 2,
    0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0,
    0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38,
    0, 0, 0, 0,
    0, 1,
    0, 1, 0, 2, 0, 0, 0, 2, 0x4e, 0, 0, 0,
    0, 0, 0, 0,
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
  const chunk = (fourcc: string, data: Uint8Array) => bytes(fourcc, u32le(data.length), data, data.length % 2 ? [0] : [])
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
