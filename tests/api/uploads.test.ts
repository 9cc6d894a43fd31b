import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stripMetadata } from '#server/features/uploads/strip-metadata.ts'
import { exifWithGps, pngWithMetadata, tinyGif, tinyJpeg, tinyPng, tinyWebp } from '#server/features/uploads/test-images.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { multipart } from './helpers.ts'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.login()
})
afterAll(() => t.close())

const upload = (bytes: Uint8Array, name = 'photo.bin', type = 'application/octet-stream', field = 'image', c: string | null = cookie) =>
  t.request({ method: 'POST', url: '/api/upload-image', cookie: c ?? undefined, ...multipart(field, name, type, bytes) })
const URL_PATTERN = /^\/uploads\/[a-f0-9]{64}\.(jpg|png|gif|webp)$/

describe('POST /api/upload-image', () => {
  it.each([
    ['jpg', 'image/jpeg', () => tinyJpeg([exifWithGps()], 16, 8), 16, 8],
    ['png', 'image/png', () => pngWithMetadata(), 4, 3],
    ['gif', 'image/gif', () => tinyGif(true), 1, 1],
    ['webp', 'image/webp', () => tinyWebp(true), 1, 1],
  ] as const)('stores a %s without its metadata and serves it immutable', async (ext, mime, make, width, height) => {
    const original = make()
    const res = await upload(original, `x.${ext}`, mime)
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toEqual({ url: expect.stringMatching(URL_PATTERN), width, height })
    expect(body.url.endsWith(`.${ext}`)).toBe(true)

    const served = await t.request({ method: 'GET', url: body.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe(mime)
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length)
    expect(served.rawPayload.equals(Buffer.from(stripMetadata(original, ext)))).toBe(true)
    expect(served.rawPayload.includes(Buffer.from('SECRET'))).toBe(false)

    const etag = served.headers.etag as string
    expect(etag).toMatch(/^"[a-f0-9]{64}"$/)
    const again = await t.request({ method: 'GET', url: body.url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })

  it('the same content twice gives the same URL and one row', async () => {
    const first = (await upload(tinyPng(7, 7), 'a.png', 'image/png')).json()
    const second = (await upload(tinyPng(7, 7), 'b.png', 'image/png')).json()
    expect(second.url).toBe(first.url)
    const rows = await t.app.ctx.db.selectFrom('images').select('id').where('file_name', '=', first.url.slice('/uploads/'.length)).execute()
    expect(rows).toHaveLength(1)
  })

  it('judges by the bytes, not the name or declared type', async () => {
    const pngAsSvg = await upload(tinyPng(), 'evil.svg', 'image/svg+xml')
    expect(pngAsSvg.statusCode).toBe(201)
    expect(pngAsSvg.json().url).toMatch(/\.png$/)
    const served = await t.request({ method: 'GET', url: pngAsSvg.json().url })
    expect(served.headers['content-type']).toBe('image/png')

    const refused = [
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'x.png', 'image/png'],
      ['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg', 'image/svg+xml'],
      ['<!doctype html><script>alert(1)</script>', 'x.jpg', 'image/jpeg'],
      ['just some text', 'x.gif', 'image/gif'],
      ['BM6\x00\x00\x00\x00\x00\x00\x00', 'x.bmp', 'image/bmp'],
    ]
    for (const [text, name, type] of refused) {
      const res = await upload(Buffer.from(text!, 'latin1'), name, type)
      expect(res.statusCode, text).toBe(415)
      expect(res.json()).toEqual({ error: 'Only JPEG, PNG, GIF and WebP images are accepted' })
    }
    // A polyglot that does not start with a real signature, and a signature followed by garbage.
    expect((await upload(Buffer.concat([Buffer.from('<svg>'), tinyPng()]), 'x.png', 'image/png')).statusCode).toBe(415)
    expect((await upload(Buffer.concat([tinyPng().subarray(0, 8), Buffer.from('<script>alert(1)</script>')]), 'x.png', 'image/png')).statusCode).toBe(415)
    expect((await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]), 'x.jpg', 'image/jpeg')).statusCode).toBe(415)
  })

  it('refuses a picture claiming a huge canvas (413)', async () => {
    const png = Buffer.from(tinyPng())
    png.writeUInt32BE(30_000, 16)
    png.writeUInt32BE(30_000, 20)
    expect((await upload(png, 'big.png', 'image/png')).statusCode).toBe(413)
  })

  it('refuses a file over 10 MB (413 JSON)', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024 + 10)])
    const res = await upload(big, 'big.png', 'image/png')
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ error: 'Images must be at most 10 MB' })
  })

  it('accepts a file well over the 1 MB JSON body limit', async () => {
    const large = Buffer.concat([tinyPng(), Buffer.alloc(3 * 1024 * 1024)]) // trailing bytes after IEND are dropped
    const res = await upload(large, 'large.png', 'image/png')
    expect(res.statusCode).toBe(201)
  })

  it('answers 400 without a file, with another field name, or without multipart', async () => {
    const boundary = 'xyz'
    const noFile = await t.request({
      method: 'POST',
      url: '/api/upload-image',
      cookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    })
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json()).toEqual({ error: 'No image was uploaded' })
    expect((await upload(tinyPng(), 'x.png', 'image/png', 'file')).statusCode).toBe(400)
    expect((await upload(new Uint8Array(0), 'x.png', 'image/png')).statusCode).toBe(400)
    const json = await t.request({ method: 'POST', url: '/api/upload-image', cookie, payload: { image: 'x' } })
    expect(json.statusCode).toBe(400)
    expect(json.json().error).toEqual(expect.any(String))
  })

  it('answers 401 without a session and stores nothing', async () => {
    const before = await t.app.ctx.db.selectFrom('images').select('id').execute()
    const res = await upload(tinyPng(9, 9), 'x.png', 'image/png', 'image', null)
    expect(res.statusCode).toBe(401)
    expect(await t.app.ctx.db.selectFrom('images').select('id').execute()).toHaveLength(before.length)
  })
})

describe('GET /uploads/:file', () => {
  it('answers 404 for anything but an exact stored file name (no traversal)', async () => {
    const stored = (await upload(tinyPng(5, 5), 'x.png', 'image/png')).json().url.slice('/uploads/'.length) as string
    const hash = stored.slice(0, 64)
    for (const url of [
      `/uploads/${'0'.repeat(64)}.png`,
      `/uploads/${hash}.svg`,
      `/uploads/${hash}.PNG`,
      `/uploads/${hash.toUpperCase()}.png`,
      `/uploads/${hash}.png.html`,
      `/uploads/x${stored}`,
      '/uploads/../package.json',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/%2e%2e%2f%2e%2e%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/....//....//etc/passwd',
      `/uploads/${hash}%00.png`,
      '/uploads/',
    ]) {
      const res = await t.request({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/application\/json/)
      expect(res.body).not.toMatch(/root:|"name": "lab-blog"/)
    }
    expect((await t.request({ method: 'GET', url: `/uploads/${stored}` })).statusCode).toBe(200)
  })
})
