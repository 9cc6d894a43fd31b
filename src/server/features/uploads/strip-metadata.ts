import type { ImageKind } from './sniff.ts'
import { DamagedImageError, concat, stripJpeg } from './strip-jpeg.ts'

export { DamagedImageError }

/**
 * Pure byte functions that remove metadata (camera, GPS, author, comments, timestamps) from uploads while
 * leaving the picture itself untouched. A structure that does not parse throws DamagedImageError.
 */
export function stripMetadata(bytes: Uint8Array, kind: ImageKind): Uint8Array {
  switch (kind) {
    case 'jpg':
      return stripJpeg(bytes)
    case 'png':
      return stripPng(bytes)
    case 'webp':
      return stripWebp(bytes)
    case 'gif':
      return stripGif(bytes)
  }
}

const PNG_DROP = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME'])

/** PNG: drops text, EXIF and time chunks, and anything after IEND. */
export function stripPng(b: Uint8Array): Uint8Array {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
  const out: Uint8Array[] = [b.subarray(0, 8)]
  let i = 8
  while (i + 12 <= b.length) {
    const end = i + 12 + view.getUint32(i)
    if (end > b.length) throw new DamagedImageError('truncated chunk')
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8))
    if (i === 8 && type !== 'IHDR') throw new DamagedImageError('IHDR must come first')
    if (!PNG_DROP.has(type)) out.push(b.subarray(i, end))
    i = end
    if (type === 'IEND') return concat(out)
  }
  throw new DamagedImageError('no IEND chunk')
}

/** WebP: drops the EXIF and XMP chunks and clears their flags in VP8X; fixes the RIFF size. */
export function stripWebp(b: Uint8Array): Uint8Array {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
  if (b.length < 20) throw new DamagedImageError('too short')
  const riffEnd = Math.min(b.length, 8 + view.getUint32(4, true))
  const out: Uint8Array[] = []
  let i = 12
  while (i + 8 <= riffEnd) {
    const size = view.getUint32(i + 4, true)
    const end = i + 8 + size + (size % 2)
    if (i + 8 + size > riffEnd) throw new DamagedImageError('truncated chunk')
    const fourcc = String.fromCharCode(...b.subarray(i, i + 4))
    if (fourcc === 'VP8X') {
      const chunk = Uint8Array.from(b.subarray(i, Math.min(end, riffEnd)))
      chunk[8] = chunk[8]! & ~(0x08 | 0x04) // EXIF and XMP present flags
      out.push(chunk)
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      out.push(b.subarray(i, Math.min(end, riffEnd)))
    }
    i = end
  }
  if (out.length === 0) throw new DamagedImageError('no chunks')
  const body = concat(out)
  const header = new Uint8Array(12)
  header.set(b.subarray(0, 4))
  new DataView(header.buffer).setUint32(4, body.length + 4, true)
  header.set(b.subarray(8, 12), 8)
  return concat([header, body])
}

/** GIF: drops comment extensions and XMP application extensions, and anything after the trailer. */
export function stripGif(b: Uint8Array): Uint8Array {
  const colorTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0)
  const skipSubBlocks = (at: number) => {
    let j = at
    for (;;) {
      const size = b[j]
      if (size === undefined) throw new DamagedImageError('truncated data')
      j += 1 + size
      if (size === 0) return j
    }
  }
  let i = 13 + colorTable(b[10] ?? 0)
  if (i > b.length) throw new DamagedImageError('truncated header')
  const out: Uint8Array[] = [b.subarray(0, i)]
  while (i < b.length) {
    const introducer = b[i]
    if (introducer === 0x3b) {
      out.push(b.subarray(i, i + 1))
      return concat(out)
    }
    let end: number
    let keep = true
    if (introducer === 0x21) {
      const label = b[i + 1]
      end = skipSubBlocks(i + 2)
      const appId = String.fromCharCode(...b.subarray(i + 3, i + 14))
      keep = label !== 0xfe && !(label === 0xff && appId === 'XMP DataXMP')
    } else if (introducer === 0x2c) {
      end = skipSubBlocks(i + 10 + colorTable(b[i + 9] ?? 0) + 1)
    } else {
      throw new DamagedImageError('unknown block')
    }
    if (end > b.length) throw new DamagedImageError('truncated block')
    if (keep) out.push(b.subarray(i, end))
    i = end
  }
  return concat(out) // no trailer: a truncated file, kept as it is
}
