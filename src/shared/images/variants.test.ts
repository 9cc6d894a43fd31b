import { describe, expect, it } from 'vitest'
import { ogImageUrl, pictureOf, sourceFormats, uploadOf } from './variants.ts'

const hash = 'a'.repeat(64)
const up = (ext: string) => `/uploads/${hash}.${ext}`

describe('uploadOf', () => {
  it('knows only exact upload URLs', () => {
    expect(uploadOf(up('jpg'))).toEqual({ hash, ext: 'jpg' })
    for (const url of [
      `/uploads/${hash}-960.webp`,
      '/uploads/missing.png',
      `https://x.com/uploads/${hash}.png`,
      `/uploads/${hash}.svg`,
      '',
      null,
    ]) {
      expect(uploadOf(url), String(url)).toBeNull()
    }
  })
})

describe('pictureOf', () => {
  it('offers AVIF and WebP before a fallback in the original format, at all four widths when the size is unknown', () => {
    const picture = pictureOf(up('jpg'))!
    expect(picture.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp'])
    expect(picture.sources[0]!.srcSet).toBe(
      `/uploads/${hash}-480.avif 480w, /uploads/${hash}-960.avif 960w, /uploads/${hash}-1600.avif 1600w, /uploads/${hash}-2400.avif 2400w`,
    )
    expect(picture.srcSet).toContain(`/uploads/${hash}-2400.jpg 2400w`)
    expect(picture.src).toBe(`/uploads/${hash}-960.jpg`)
  })

  it('lists only the widths a picture has, the last one with its real width (never upscaled)', () => {
    expect(pictureOf(up('png'), 800)!.srcSet).toBe(`/uploads/${hash}-480.png 480w, /uploads/${hash}-960.png 800w`)
    expect(pictureOf(up('png'), 300)!.srcSet).toBe(`/uploads/${hash}-480.png 300w`)
    expect(pictureOf(up('png'), 300)!.src).toBe(`/uploads/${hash}-480.png`)
    expect(pictureOf(up('png'), 960)!.srcSet).toBe(`/uploads/${hash}-480.png 480w, /uploads/${hash}-960.png 960w`)
    expect(pictureOf(up('jpg'), 4000)!.srcSet.split(', ')).toHaveLength(4)
  })

  it('keeps animations animated: GIF gets WebP and itself, WebP only itself', () => {
    expect(sourceFormats('gif')).toEqual(['webp'])
    expect(pictureOf(up('gif'))!.sources.map((s) => s.type)).toEqual(['image/webp'])
    expect(pictureOf(up('webp'))!.sources).toEqual([])
    expect(pictureOf(up('webp'))!.srcSet).toContain('-480.webp 480w')
  })

  it('is null for anything that is not an upload', () => {
    expect(pictureOf('https://cdn.example.com/a.jpg')).toBeNull()
    expect(pictureOf('/placeholder.svg')).toBeNull()
  })
})

describe('ogImageUrl', () => {
  it('points an upload at its 1200 px JPEG and leaves other URLs alone', () => {
    expect(ogImageUrl(up('png'))).toBe(`/uploads/${hash}-1200.jpg`)
    expect(ogImageUrl('/og-default.png')).toBe('/og-default.png')
  })
})
