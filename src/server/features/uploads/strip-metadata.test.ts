import { imageSize } from 'image-size'
import { describe, expect, it } from 'vitest'
import { exifOrientation } from './strip-jpeg.ts'
import { DamagedImageError, stripMetadata } from './strip-metadata.ts'
import { exifWithGps, jpegApp13, jpegComment, pngWithMetadata, tinyGif, tinyJpeg, tinyPng, tinyWebp } from './test-images.ts'

const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'))

describe('JPEG', () => {
  it('drops an EXIF block with GPS, IPTC and comments, keeps the picture byte for byte, still parses', () => {
    const clean = tinyJpeg()
    const dirty = tinyJpeg([exifWithGps(), jpegApp13('SECRET-IPTC'), jpegComment('SECRET-COMMENT')])
    expect(has(dirty, 'GPS-SECRET')).toBe(true)
    const stripped = stripMetadata(dirty, 'jpg')
    for (const secret of ['GPS-SECRET', 'Exif', 'SECRET-IPTC', 'SECRET-COMMENT']) expect(has(stripped, secret)).toBe(false)
    expect(Buffer.from(stripped).equals(clean)).toBe(true)
    expect(imageSize(stripped)).toMatchObject({ type: 'jpg', width: 8, height: 8 })
  })

  it('keeps only the orientation when it is not the default', () => {
    const stripped = stripMetadata(tinyJpeg([exifWithGps(6)], 16, 8), 'jpg')
    expect(has(stripped, 'GPS-SECRET')).toBe(false)
    expect(exifOrientation(stripped.subarray(20))).toBe(6) // SOI(2) + APP0(18), then the rebuilt APP1
    expect(imageSize(stripped)).toMatchObject({ type: 'jpg', width: 16, height: 8, orientation: 6 })
  })

  it('drops bytes after the end-of-image marker (no appended payloads)', () => {
    const withTail = Buffer.concat([tinyJpeg(), Buffer.from('<script>alert(1)</script>')])
    expect(Buffer.from(stripMetadata(withTail, 'jpg')).equals(tinyJpeg())).toBe(true)
  })

  it('keeps stuffed bytes and restart markers in the scan data', () => {
    const jpeg = tinyJpeg()
    const eoi = jpeg.length - 2
    const scanWithStuffing = Buffer.concat([jpeg.subarray(0, eoi), Buffer.from([0xff, 0x00, 0xff, 0xd0, 0x12]), jpeg.subarray(eoi)])
    expect(Buffer.from(stripMetadata(scanWithStuffing, 'jpg')).equals(scanWithStuffing)).toBe(true)
  })

  it('throws on a broken structure', () => {
    const jpeg = tinyJpeg()
    expect(() => stripMetadata(Buffer.concat([jpeg.subarray(0, 4), Buffer.from([0xff, 0xff])]), 'jpg')).toThrow(DamagedImageError)
    expect(() => stripMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x40, 0x00, 1, 2]), 'jpg')).toThrow(DamagedImageError)
    expect(() => stripMetadata(Buffer.from([0xff, 0xd8, 0x12, 0x34]), 'jpg')).toThrow(DamagedImageError)
  })
})

describe('PNG', () => {
  it('drops tEXt, iTXt, zTXt, eXIf and tIME chunks and keeps the rest exactly', () => {
    const stripped = stripMetadata(pngWithMetadata(), 'png')
    for (const secret of ['SECRET', 'tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME']) expect(has(stripped, secret)).toBe(false)
    expect(Buffer.from(stripped).equals(tinyPng())).toBe(true)
    expect(imageSize(stripped)).toMatchObject({ type: 'png', width: 4, height: 3 })
  })

  it('drops anything after IEND and throws without IEND or with a bad chunk length', () => {
    expect(Buffer.from(stripMetadata(Buffer.concat([tinyPng(), Buffer.from('PK\x03\x04zip')]), 'png')).equals(tinyPng())).toBe(true)
    expect(() => stripMetadata(tinyPng().subarray(0, tinyPng().length - 12), 'png')).toThrow(DamagedImageError)
    const broken = Buffer.from(tinyPng())
    broken.writeUInt32BE(0x7fffffff, 8)
    expect(() => stripMetadata(broken, 'png')).toThrow(DamagedImageError)
  })
})

describe('WebP', () => {
  it('drops EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size', () => {
    const stripped = Buffer.from(stripMetadata(tinyWebp(true), 'webp'))
    for (const secret of ['SECRET', 'EXIF', 'XMP ']) expect(has(stripped, secret)).toBe(false)
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8)
    expect(stripped.toString('latin1', 12, 16)).toBe('VP8X')
    expect(stripped[20]! & 0x0c).toBe(0)
    expect(imageSize(stripped)).toMatchObject({ type: 'webp', width: 1, height: 1 })
  })

  it('leaves a simple WebP as it is', () => {
    expect(Buffer.from(stripMetadata(tinyWebp(), 'webp')).equals(tinyWebp())).toBe(true)
  })
})

describe('GIF', () => {
  it('drops comment and XMP extensions, keeps the rest', () => {
    const stripped = stripMetadata(tinyGif(true), 'gif')
    expect(has(stripped, 'SECRET')).toBe(false)
    expect(Buffer.from(stripped).equals(tinyGif())).toBe(true)
    expect(imageSize(stripped)).toMatchObject({ type: 'gif', width: 1, height: 1 })
  })

  it('throws on an unknown block', () => {
    const gif = tinyGif()
    expect(() => stripMetadata(Buffer.concat([gif.subarray(0, 19), Buffer.from([0x99]), gif.subarray(19)]), 'gif')).toThrow(DamagedImageError)
  })
})
