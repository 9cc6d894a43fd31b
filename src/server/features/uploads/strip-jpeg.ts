/**
 * JPEG without metadata: drops APP1 (EXIF, XMP), APP13 (IPTC/Photoshop) and COM segments, and any bytes
 * after the end-of-image marker. The EXIF orientation is the one field kept (as a minimal EXIF block),
 * because without it phone photos would show sideways.
 */
export class DamagedImageError extends Error {}

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const APP1 = 0xe1
const APP13 = 0xed
const COM = 0xfe

const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)

export function stripJpeg(bytes: Uint8Array): Uint8Array {
  const b = bytes
  if (b[0] !== 0xff || b[1] !== SOI) throw new DamagedImageError('not a JPEG')
  const out: Uint8Array[] = [b.subarray(0, 2)]
  let i = 2
  while (i < b.length) {
    if (b[i] !== 0xff) throw new DamagedImageError('expected a marker')
    while (b[i + 1] === 0xff) i++ // fill bytes
    const marker = b[i + 1]
    if (marker === undefined) break
    if (marker === EOI) {
      out.push(b.subarray(i, i + 2))
      return concat(out)
    }
    if (marker === SOI) throw new DamagedImageError('unexpected start of image')
    if (isStandalone(marker)) {
      out.push(b.subarray(i, i + 2))
      i += 2
      continue
    }
    if (i + 4 > b.length) throw new DamagedImageError('truncated segment')
    const end = i + 2 + ((b[i + 2]! << 8) | b[i + 3]!)
    if (end > b.length || end < i + 4) throw new DamagedImageError('bad segment length')
    const segment = b.subarray(i, end)
    if (marker === APP1) {
      const orientation = exifOrientation(segment)
      if (orientation && orientation !== 1) out.push(orientationSegment(orientation))
    } else if (marker !== APP13 && marker !== COM) {
      out.push(segment)
    }
    i = end
    if (marker === SOS) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      let j = i
      while (j < b.length) {
        if (b[j] === 0xff && j + 1 < b.length) {
          const next = b[j + 1]!
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
            j += 2
            continue
          }
          if (next !== 0xff) break
        }
        j++
      }
      out.push(b.subarray(i, j))
      i = j
    }
  }
  return concat(out) // no EOI: a truncated file, kept as it is
}

/** The orientation (1–8) from an APP1 EXIF segment, or null. */
export function exifOrientation(segment: Uint8Array): number | null {
  const tiff = 10 // FF E1 len(2) "Exif\0\0"
  if (segment.length < tiff + 8 || String.fromCharCode(...segment.subarray(4, 10)) !== 'Exif\0\0') return null
  const little = segment[tiff] === 0x49
  const view = new DataView(segment.buffer, segment.byteOffset, segment.byteLength)
  const u16 = (at: number) => (at + 2 <= segment.length ? view.getUint16(at, little) : -1)
  const u32 = (at: number) => (at + 4 <= segment.length ? view.getUint32(at, little) : -1)
  const ifd = tiff + u32(tiff + 4)
  const count = u16(ifd)
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12
    if (entry + 12 > segment.length) return null
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8)
      return value >= 1 && value <= 8 ? value : null
    }
  }
  return null
}

/** APP1 holding a big-endian TIFF with one IFD entry: Orientation. */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
  const body = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat(tiff)
  const length = body.length + 2
  return Uint8Array.from([0xff, APP1, length >> 8, length & 0xff, ...body])
}

export function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts)
}
