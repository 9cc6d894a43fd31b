import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { Db } from '#server/db/client.ts'
import { loadEnv } from '#server/env.ts'
import { countPending } from '#server/features/uploads/backfill.repo.ts'
import { backfillAll, backfillOne } from '#server/features/uploads/backfill.ts'
import { streamOriginals } from '#server/features/uploads/uploads.repo.ts'
import { VARIANTS_VERSION } from '#server/features/uploads/uploads.service.ts'
import { cameraJpeg, tinyPng } from '#test/support/test-images.ts'
import { createTestDatabase } from '#test/support/test-db.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

/** An upload as stored before variants existed: its bytes as they were, no variants, version 0. */
async function insertLegacy(
  db: Db,
  bytes: Buffer,
  ext: 'jpg' | 'png',
  size: { width: number; height: number },
  createdAt: string,
) {
  const fileName = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`
  const id = crypto.randomUUID()
  await db
    .insertInto('images')
    .values({
      id,
      file_name: fileName,
      mime: ext === 'jpg' ? 'image/jpeg' : 'image/png',
      bytes,
      size: bytes.length,
      ...size,
      created_at: createdAt,
    })
    .execute()
  return { id, fileName, url: `/uploads/${fileName}` }
}

const row = (db: Db, id: string) => db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const variantsOf = async (db: Db, id: string) =>
  (await db.selectFrom('image_variants').select('file_name').where('image_id', '=', id).execute())
    .map((v) => v.file_name.slice(65))
    .sort()

describe('variants for uploads from before variants existed', () => {
  let t: TestApp
  let db: Db
  let photo: Awaited<ReturnType<typeof insertLegacy>>
  let plain: Awaited<ReturnType<typeof insertLegacy>>
  let broken: Awaited<ReturnType<typeof insertLegacy>>
  const plainBytes = tinyPng(5, 4)
  beforeAll(async () => {
    t = await createTestApp()
    db = t.app.ctx.db
    photo = await insertLegacy(
      db,
      await cameraJpeg(40, 20, 6),
      'jpg',
      { width: 20, height: 40 },
      '2026-01-01T00:00:00.000Z',
    )
    plain = await insertLegacy(db, plainBytes, 'png', { width: 5, height: 4 }, '2026-01-02T00:00:00.000Z')
    broken = await insertLegacy(
      db,
      Buffer.concat([tinyPng().subarray(0, 40), Buffer.from('damaged')]),
      'png',
      { width: 4, height: 3 },
      '2026-01-03T00:00:00.000Z',
    )
  })
  afterAll(() => t.close())

  it('serves readers before the job ran: a missing variant is made on its first request', async () => {
    const res = await t.request({ method: 'GET', url: `/uploads/${photo.fileName.slice(0, 64)}-480.webp` })
    expect(res.statusCode).toBe(200)
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 20, height: 40 })
    expect((await t.request({ method: 'GET', url: broken.url })).statusCode).toBe(200) // as stored, until it is judged
  })

  it('works one upload at a time, oldest first, and resumes where it stopped', async () => {
    expect(await countPending(db, VARIANTS_VERSION)).toBe(3)
    expect(await backfillOne(db, new Date())).toBe('processed')
    expect((await row(db, photo.id)).variants_version).toBe(VARIANTS_VERSION)
    expect((await row(db, plain.id)).variants_version).toBe(0)
    expect(await countPending(db, VARIANTS_VERSION)).toBe(2)

    expect(await backfillAll(db, () => new Date())).toEqual({ processed: 1, failed: 1 })
    expect(await countPending(db, VARIANTS_VERSION)).toBe(0)
    expect(await backfillOne(db, new Date())).toBe('none')
  })

  it('made every variant, re-encoded the original only while it carried metadata, and kept the rest byte for byte', async () => {
    expect(await variantsOf(db, photo.id)).toEqual(['1200.jpg', '480.avif', '480.jpg', '480.webp'])
    const cleaned = await row(db, photo.id)
    const meta = await sharp(Buffer.from(cleaned.bytes)).metadata()
    expect(meta).toMatchObject({ width: 20, height: 40 })
    expect(meta.exif ?? meta.xmp ?? meta.orientation).toBeUndefined()
    expect(Buffer.from(cleaned.bytes).includes('SECRET')).toBe(false)
    expect(cleaned.dominant_color).toMatch(/^#[0-9a-f]{6}$/)
    expect(cleaned.claimed_until).toBeNull()

    expect(Buffer.from((await row(db, plain.id)).bytes).equals(plainBytes)).toBe(true)
    expect(await variantsOf(db, plain.id)).toEqual(['1200.jpg', '480.avif', '480.png', '480.webp'])
  })

  it('marks a picture it cannot read instead of retrying it forever, and its URL keeps serving it as stored', async () => {
    const failed = await row(db, broken.id)
    expect(failed.process_error).toMatch(/JPEG, PNG, GIF and WebP|damaged/)
    expect(failed.variants_version).toBe(VARIANTS_VERSION)
    expect((await t.request({ method: 'GET', url: broken.url })).statusCode).toBe(200)
    expect(
      (await t.request({ method: 'GET', url: `/uploads/${broken.fileName.slice(0, 64)}-480.webp` })).statusCode,
    ).toBe(404)
  })

  it('leaves an upload another instance holds the lease on, until the lease runs out', async () => {
    const other = await insertLegacy(db, tinyPng(6, 4), 'png', { width: 6, height: 4 }, '2026-01-04T00:00:00.000Z')
    const now = new Date('2026-06-01T00:00:00.000Z')
    await db
      .updateTable('images')
      .set({ claimed_until: new Date(now.getTime() + 60_000).toISOString() })
      .where('id', '=', other.id)
      .execute()
    expect(await backfillOne(db, now)).toBe('none')
    expect(await backfillOne(db, new Date(now.getTime() + 61_000))).toBe('processed')
    expect((await row(db, other.id)).variants_version).toBe(VARIANTS_VERSION)
  })

  it('keeps every original readable for backups, one at a time, with its bytes', async () => {
    const originals = []
    for await (const original of streamOriginals(db)) originals.push(original)
    expect(originals.map((o) => o.fileName).sort()).toEqual(
      (await db.selectFrom('images').select('file_name').execute()).map((r) => r.file_name).sort(),
    )
    expect(originals.find((o) => o.fileName === plain.fileName)).toMatchObject({
      mime: 'image/png',
      altText: '',
      bytes: expect.anything(),
    })
  })
})

describe('the server runs the job in the background once it is ready', () => {
  it('brings earlier uploads to the current version without anyone asking', async () => {
    const database = await createTestDatabase()
    const legacy = await insertLegacy(
      database.handle.db,
      tinyPng(7, 4),
      'png',
      { width: 7, height: 4 },
      '2026-01-01T00:00:00.000Z',
    )
    const env = loadEnv({ NODE_ENV: 'test', SEED_DEMO: '0', DATA_DIR: database.dataDir, LOG_LEVEL: 'silent' })
    const app = await buildApp({ database: database.handle, env, backfillImages: true })
    try {
      await app.ready()
      await vi.waitFor(
        async () => expect((await row(database.handle.db, legacy.id)).variants_version).toBe(VARIANTS_VERSION),
        { timeout: 20_000, interval: 100 },
      )
      expect(await variantsOf(database.handle.db, legacy.id)).toContain('480.avif')
    } finally {
      await app.close()
      await database.dispose()
    }
  })
})
