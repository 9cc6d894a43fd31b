import { describe, expect, it } from 'vitest'
import { containsMarkup, sniffImage } from './sniff.ts'
import { tinyGif, tinyJpeg, tinyPng, tinyWebp } from '#test/support/test-images.ts'

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

describe('containsMarkup (polyglots)', () => {
  it('finds HTML or SVG inside or after a real image, in any case', () => {
    for (const payload of [
      '<script>alert(1)</script>',
      '<HTML><body>',
      '<svg onload=alert(1)>',
      '<!DOCTYPE html>',
      '<iframe src=x>',
      '<img src=x onerror=alert(1)>',
      '<IMG SRC=x OnError=alert(1)>',
      '<a href=x onclick=alert(1)>',
      '<details open ontoggle=alert(1)>',
      '<style>@import url(x)</style>',
    ]) {
      expect(containsMarkup(Buffer.concat([tinyPng(), Buffer.from(payload)])), payload).toBe(true)
      expect(containsMarkup(tinyJpeg([Buffer.from(`\xff\xfe\x00\x20${payload}`, 'latin1')])), payload).toBe(true)
    }
  })

  it('leaves plain images and XMP metadata alone', () => {
    for (const image of [tinyJpeg(), tinyPng(), tinyGif(true), tinyWebp(true)])
      expect(containsMarkup(image)).toBe(false)
    expect(containsMarkup(Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF></rdf:RDF></x:xmpmeta>'))).toBe(
      false,
    )
  })
})
