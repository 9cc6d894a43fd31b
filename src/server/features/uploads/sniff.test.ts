import { describe, expect, it } from 'vitest'
import { sniffImage } from './sniff.ts'
import { tinyGif, tinyJpeg, tinyPng, tinyWebp } from './test-images.ts'

describe('sniffImage (magic bytes only)', () => {
  it('knows JPEG, PNG, GIF87a/89a and WebP', () => {
    expect(sniffImage(tinyJpeg())).toBe('jpg')
    expect(sniffImage(tinyPng())).toBe('png')
    expect(sniffImage(tinyGif())).toBe('gif')
    expect(sniffImage(Buffer.concat([Buffer.from('GIF87a'), tinyGif().subarray(6)]))).toBe('gif')
    expect(sniffImage(tinyWebp())).toBe('webp')
  })

  it('refuses SVG, HTML, text, other formats and polyglots without a real leading signature', () => {
    const refused = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg/>',
      '<!doctype html><script>alert(1)</script>',
      'hello world',
      'BM\x36\x00\x00\x00', // BMP
      'RIFF\x24\x00\x00\x00WAVEfmt ', // RIFF but not WebP
      'GIF88a', // not a GIF version
      '\x89PNG\r\n\x1a', // PNG signature cut short
      ' \xff\xd8\xff\xe0', // a JPEG signature not at the start
      '<html>\x89PNG\r\n\x1a\n',
      '',
    ]
    for (const text of refused) expect(sniffImage(Buffer.from(text, 'latin1')), JSON.stringify(text)).toBeNull()
    expect(sniffImage(Buffer.concat([Buffer.from('<svg>'), tinyPng()]))).toBeNull()
  })
})
