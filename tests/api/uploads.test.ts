import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  animatedGif,
  cameraJpeg,
  claimingGif,
  claimingPng,
  pngWithMetadata,
  tinyGif,
  tinyJpeg,
  tinyPng,
  tinyWebp,
} from '#test/support/test-images.ts'
import { adminAppForAll, multipart } from './helpers.ts'

const t = adminAppForAll()

const upload = (
  bytes: Uint8Array,
  name = 'photo.bin',
  type = 'application/octet-stream',
  field = 'image',
  c: string | null = t.cookie,
) =>
  t.request({
    method: 'POST',
    url: '/api/upload-image',
    cookie: c ?? undefined,
    ...multipart(field, name, type, bytes),
  })
const get = (url: string) => t.request({ method: 'GET', url })
const URL_PATTERN = /^\/uploads\/[a-f0-9]{64}\.(jpg|png|gif|webp)$/
const hashOf = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 64)
const db = () => t.app.ctx.db

/** Rows of every table an upload writes to: a refused upload must leave each count as it was. */
async function stored() {
  const count = async (table: 'images' | 'image_variants') =>
    (await db().selectFrom(table).select('file_name').execute()).length
  return { images: await count('images'), variants: await count('image_variants') }
}

async function expectRefused(bytes: Uint8Array, status: number, error: string | RegExp, name = 'x.bin') {
  const before = await stored()
  const res = await upload(bytes, name)
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json().error).toMatch(error)
  expect(await stored()).toEqual(before)
}

describe('POST /api/upload-image: variants at upload', () => {
  it('turns a camera JPEG upright, drops GPS, EXIF, XMP and comments from every stored byte, and stores the variants', async () => {
    const res = await upload(await cameraJpeg(40, 20, 6), 'IMG_2034.jpg', 'image/jpeg')
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toEqual({ url: expect.stringMatching(URL_PATTERN), width: 20, height: 40, alt: '' })
    expect(body.url.endsWith('.jpg')).toBe(true)

    const image = await db()
      .selectFrom('images')
      .selectAll()
      .where('file_name', '=', body.url.slice(9))
      .executeTakeFirstOrThrow()
    expect(image).toMatchObject({
      width: 20,
      height: 40,
      frames: 1,
      original_name: 'IMG_2034.jpg',
      variants_version: 1,
    })
    expect(image.dominant_color).toMatch(/^#[0-9a-f]{6}$/)
    const variants = await db().selectFrom('image_variants').selectAll().where('image_id', '=', image.id).execute()
    // 20 px wide: one width (480, never upscaled: 20 px) in AVIF, WebP and JPEG, plus the Open Graph JPEG.
    expect(variants.map((v) => v.file_name.slice(65)).sort()).toEqual(['1200.jpg', '480.avif', '480.jpg', '480.webp'])
    for (const bytes of [image.bytes, ...variants.map((v) => v.bytes)]) {
      const buffer = Buffer.from(bytes)
      for (const secret of ['SECRET', 'GPS', 'Exif', 'xmpmeta']) expect(buffer.includes(secret), secret).toBe(false)
      const meta = await sharp(buffer).metadata()
      expect(meta).toMatchObject({ width: 20, height: 40 })
      expect(meta.exif ?? meta.xmp ?? meta.icc ?? meta.orientation).toBeUndefined()
    }
    // Upright: the red left half of the sensor image is now on top.
    const { data } = await sharp(Buffer.from(variants.find((v) => v.file_name.endsWith('480.jpg'))!.bytes))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(200)
    expect(data[2]).toBeLessThan(60)
  })

  it.each([
    ['png', 'image/png', () => pngWithMetadata(), 4, 3, ['1200.jpg', '480.avif', '480.png', '480.webp']],
    ['gif', 'image/gif', () => tinyGif(true), 1, 1, ['1200.jpg', '480.gif', '480.webp']],
    ['webp', 'image/webp', () => tinyWebp(true), 1, 1, ['1200.jpg', '480.webp']],
  ] as const)('stores a %s without its metadata, with its variants', async (ext, mime, make, width, height, names) => {
    const res = await upload(make(), `x.${ext}`, mime)
    expect(res.statusCode).toBe(201)
    const { url } = res.json()
    expect(res.json()).toEqual({ url: expect.stringMatching(new RegExp(`\\.${ext}$`)), width, height, alt: '' })
    const variants = await db()
      .selectFrom('image_variants')
      .select(['file_name', 'bytes'])
      .where('file_name', 'like', `${hashOf(url)}-%`)
      .execute()
    expect(variants.map((v) => v.file_name.slice(65)).sort()).toEqual(names)
    const original = await db()
      .selectFrom('images')
      .select('bytes')
      .where('file_name', '=', url.slice(9))
      .executeTakeFirstOrThrow()
    for (const bytes of [original.bytes, ...variants.map((v) => v.bytes)])
      expect(Buffer.from(bytes).includes('SECRET')).toBe(false)
  })

  it('makes every width below the picture and one covering it, never upscaling', async () => {
    const wide = await sharp({ create: { width: 1700, height: 100, channels: 3, background: '#808080' } })
      .png()
      .toBuffer()
    const { url, width } = (await upload(wide, 'wide.png')).json()
    expect(width).toBe(1700)
    const rows = await db()
      .selectFrom('image_variants')
      .select(['file_name', 'width'])
      .where('file_name', 'like', `${hashOf(url)}-%.avif`)
      .execute()
    expect(rows.map((r) => [r.file_name.slice(65), r.width]).sort()).toEqual([
      ['1600.avif', 1600],
      ['2400.avif', 1700],
      ['480.avif', 480],
      ['960.avif', 960],
    ])
  })

  it('keeps an animated GIF of 300 frames animated, in its GIF and WebP variants', async () => {
    const gif = await animatedGif(300, 32, 24)
    const res = await upload(gif, 'loop.gif', 'image/gif')
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ width: 32, height: 24 })
    const hash = hashOf(res.json().url)
    for (const name of [`${hash}-480.gif`, `${hash}-480.webp`]) {
      const served = await get(`/uploads/${name}`)
      expect(served.statusCode).toBe(200)
      const meta = await sharp(served.rawPayload, { animated: true }).metadata()
      expect(meta.pages, name).toBe(300)
      expect(meta.pageHeight, name).toBe(24)
      expect(meta.delay?.[0], name).toBe(40)
    }
    // No AVIF for an animation (it would be one still frame), and Open Graph gets the first frame.
    expect((await get(`/uploads/${hash}-480.avif`)).statusCode).toBe(404)
    expect((await sharp((await get(`/uploads/${hash}-1200.jpg`)).rawPayload).metadata()).pages).toBeUndefined()
  })

  it('the same bytes twice give the same URL and one stored copy', async () => {
    const bytes = await cameraJpeg(30, 30)
    const first = (await upload(bytes, 'a.jpg')).json()
    const before = await stored()
    const second = (await upload(bytes, 'b.jpg')).json()
    expect(second).toEqual(first)
    expect(await stored()).toEqual(before)
    expect(
      await db().selectFrom('images').select('id').where('file_name', '=', first.url.slice(9)).execute(),
    ).toHaveLength(1)
  })

  it('returns the library alt text for a picture uploaded again', async () => {
    const bytes = tinyPng(6, 5)
    const { url } = (await upload(bytes, 'a.png')).json()
    await db()
      .updateTable('images')
      .set({ alt_text: 'A tiny gradient' })
      .where('file_name', '=', url.slice(9))
      .execute()
    expect((await upload(bytes, 'a.png')).json().alt).toBe('A tiny gradient')
  })
})

describe('POST /api/upload-image: bad input leaves nothing behind', () => {
  it('refuses SVG, HTML, text and other formats by their bytes, whatever the name says (415)', async () => {
    const accepted = 'Only JPEG, PNG, GIF and WebP images are accepted'
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<!doctype html><script>alert(1)</script>',
      'just some text',
      'BM6\x00\x00\x00\x00\x00\x00\x00',
    ]) {
      await expectRefused(Buffer.from(text, 'latin1'), 415, accepted, 'x.png')
    }
    const pngAsSvg = await upload(tinyPng(), 'evil.svg', 'image/svg+xml')
    expect(pngAsSvg.statusCode).toBe(201)
    expect(pngAsSvg.json().url).toMatch(/\.png$/)
  })

  it('refuses polyglots: markup before, inside or after a real image, or a signature followed by anything else (415)', async () => {
    await expectRefused(Buffer.concat([Buffer.from('<svg>'), tinyPng()]), 415, /Only JPEG/)
    await expectRefused(Buffer.concat([tinyPng(), Buffer.from('<script>alert(1)</script>')]), 415, /Only JPEG/)
    await expectRefused(
      Buffer.concat([await cameraJpeg(), Buffer.from('<html><body><script>alert(1)</script>')]),
      415,
      /Only JPEG/,
    )
    await expectRefused(
      Buffer.concat([await cameraJpeg(), Buffer.from('<img src=x onerror=alert(1)>')]),
      415,
      /Only JPEG/,
    )
    await expectRefused(
      tinyJpeg([Buffer.from('\xff\xfe\x00\x1c<svg onload=alert(1)></svg>', 'latin1')]),
      415,
      /Only JPEG/,
    )
    await expectRefused(
      Buffer.concat([tinyPng().subarray(0, 8), Buffer.from('GARBAGE-GARBAGE-GARBAGE')]),
      415,
      /Only JPEG/,
    )
    await expectRefused(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]), 415, /Only JPEG/)
  })

  it('refuses a truncated JPEG with a clear message (422)', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer()
    await expectRefused(
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      422,
      'The image could not be read: the file looks damaged or incomplete',
    )
  })

  it('refuses a PNG claiming 50,000 × 50,000 pixels from its header (413)', async () => {
    await expectRefused(
      claimingPng(50_000, 50_000),
      413,
      'The image is too large to process: 50000 × 50000 pixels is 2,500 megapixels; the limit is 40',
    )
  })

  it('counts every frame of an animation, and GIF frames larger than the screen, against the 40-megapixel cap', async () => {
    await expectRefused(
      claimingGif({ screen: 400, frames: 300 }),
      413,
      '400 × 400 pixels × 300 frames is 48 megapixels; the limit is 40',
    )
    await expectRefused(claimingGif({ screen: 10, frame: [8000, 6000] }), 413, '8000 × 6000 pixels is 48 megapixels')
    expect((await upload(claimingGif({ screen: 100, frames: 3 }), 'small.gif')).statusCode).toBe(201)
  })

  it('refuses a zero-byte file (400)', async () => {
    await expectRefused(new Uint8Array(0), 400, 'The uploaded file is empty')
  })

  it('refuses a file over 10 MB (413 JSON)', async () => {
    await expectRefused(
      Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024 + 10)]),
      413,
      'Images must be at most 10 MB',
    )
  })

  it('answers 400 without a file, with another field name, or without multipart', async () => {
    const boundary = 'xyz'
    const noFile = await t.request({
      method: 'POST',
      url: '/api/upload-image',
      cookie: t.cookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    })
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json()).toEqual({ error: 'No image was uploaded' })
    expect((await upload(tinyPng(), 'x.png', 'image/png', 'file')).statusCode).toBe(400)
    const json = await t.request({
      method: 'POST',
      url: '/api/upload-image',
      cookie: t.cookie,
      payload: { image: 'x' },
    })
    expect(json.statusCode).toBe(400)
    expect(json.json().error).toEqual(expect.any(String))
  })

  it('answers 401 without a session and stores nothing', async () => {
    const before = await stored()
    expect((await upload(tinyPng(9, 9), 'x.png', 'image/png', 'image', null)).statusCode).toBe(401)
    expect(await stored()).toEqual(before)
  })
})

describe('GET /uploads/:file', () => {
  let hash: string
  beforeAll(async () => {
    const photo = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#204060' } })
      .jpeg()
      .toBuffer()
    hash = hashOf((await upload(photo, 'photo.jpg')).json().url)
  })

  it('serves each variant immutable, with its own type and an ETag answered with 304', async () => {
    for (const [name, mime, width] of [
      [`${hash}-480.avif`, 'image/avif', 480],
      [`${hash}-960.webp`, 'image/webp', 960],
      [`${hash}-480.jpg`, 'image/jpeg', 480],
      [`${hash}-1200.jpg`, 'image/jpeg', 1000],
    ] as const) {
      const res = await get(`/uploads/${name}`)
      expect(res.statusCode, name).toBe(200)
      expect(res.headers['content-type']).toBe(mime)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
      expect((await sharp(res.rawPayload).metadata()).width).toBe(width)
      const etag = res.headers.etag as string
      expect(etag).toBe(`"${name}"`)
      const again = await t.request({ method: 'GET', url: `/uploads/${name}`, headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      expect(again.rawPayload.length).toBe(0)
    }
  })

  it('answers a width the picture does not reach with its largest real variant (no upscaling)', async () => {
    for (const width of [1600, 2400]) {
      const res = await get(`/uploads/${hash}-${width}.avif`)
      expect(res.statusCode).toBe(200)
      expect(res.headers.etag).toBe(`"${hash}-1600.avif"`)
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1000)
    }
  })

  it('answers the original URL with the widest fallback variant, never the kept original', async () => {
    const res = await get(`/uploads/${hash}.jpg`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers.etag).toBe(`"${hash}-1600.jpg"`)
    const original = await db()
      .selectFrom('images')
      .select('bytes')
      .where('file_name', '=', `${hash}.jpg`)
      .executeTakeFirstOrThrow()
    expect(res.rawPayload.equals(Buffer.from(original.bytes))).toBe(false)
  })

  it('makes a variant that is missing on first request, byte for byte the one made at upload, stores it once, and serves it', async () => {
    const made = await db()
      .selectFrom('image_variants')
      .select('bytes')
      .where('file_name', '=', `${hash}-960.avif`)
      .executeTakeFirstOrThrow()
    await db().deleteFrom('image_variants').where('file_name', '=', `${hash}-960.avif`).execute()
    const [a, b] = await Promise.all([get(`/uploads/${hash}-960.avif`), get(`/uploads/${hash}-960.avif`)])
    expect(a.statusCode).toBe(200)
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true)
    // Variants come from the kept original, so one made again (here, after a restore, by the job) is the same file.
    expect(a.rawPayload.equals(Buffer.from(made.bytes))).toBe(true)
    expect((await sharp(a.rawPayload).metadata()).width).toBe(960)
    expect(
      await db().selectFrom('image_variants').select('file_name').where('file_name', '=', `${hash}-960.avif`).execute(),
    ).toHaveLength(1)
  })

  it('answers 404 for anything but an exact name of a stored upload and a format it has (no traversal)', async () => {
    for (const url of [
      `/uploads/${'0'.repeat(64)}.png`,
      `/uploads/${'0'.repeat(64)}-480.webp`,
      `/uploads/${hash}.png`,
      `/uploads/${hash}.svg`,
      `/uploads/${hash}-480.png`, // a JPEG's fallback is JPEG
      `/uploads/${hash}-500.webp`, // not a variant width
      `/uploads/${hash}-1200.webp`, // Open Graph is JPEG only
      `/uploads/${hash}.JPG`,
      `/uploads/${hash.toUpperCase()}.jpg`,
      `/uploads/${hash}.jpg.html`,
      `/uploads/x${hash}.jpg`,
      '/uploads/../package.json',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/%2e%2e%2f%2e%2e%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/....//....//etc/passwd',
      `/uploads/${hash}%00.jpg`,
      '/uploads/',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/application\/json/)
      expect(res.body).not.toMatch(/root:|"name": "lab-blog"/)
    }
  })
})
