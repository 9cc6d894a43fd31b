import { Migrator, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '#server/db/migrate.ts'
import { tinyPng } from '#test/support/test-images.ts'
import { createTestDatabase } from '#test/support/test-db.ts'

type Handle = Awaited<ReturnType<typeof createTestDatabase>>

const THIS = '20261123T0200-image-variants'
const BEFORE = Object.keys(MIGRATIONS)
  .sort()
  .filter((name) => name < THIS)
  .at(-1)!

describe('migration 20261123T0200-image-variants on a database with content', () => {
  let database: Handle
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.dispose())

  it('records which existing posts and footer pages show which uploads, and goes down and up again', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older migration, like the migrations themselves
    const db = database.handle.db as unknown as Kysely<any>
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined()

    const now = new Date().toISOString()
    const hashes = ['a', 'b', 'c'].map((c) => c.repeat(64))
    for (const [i, hash] of hashes.entries()) {
      await db
        .insertInto('images')
        .values({
          id: `img-${i}`,
          file_name: `${hash}.png`,
          mime: 'image/png',
          bytes: tinyPng(),
          size: 1,
          width: 4,
          height: 3,
          created_at: now,
        })
        .execute()
    }
    await db
      .insertInto('users')
      .values({ id: 'u', username: 'u', email: 'u@x.com', password_hash: 'x', role: 'admin', created_at: now })
      .execute()
    const post = (id: string, content: string, featured: string | null) => ({
      id,
      title: id,
      slug: id,
      content,
      excerpt: '',
      featured_image: featured,
      author_id: 'u',
      status: 'published',
      tags: '[]',
      reading_time: 1,
      views: 0,
      featured: 0,
      created_at: now,
      updated_at: now,
    })
    await db
      .insertInto('posts')
      .values([
        post(
          'p1',
          `![a](/uploads/${hashes[0]}.png) and again ![a](/uploads/${hashes[0]}.png)`,
          `/uploads/${hashes[1]}.png`,
        ),
        post('p2', 'no pictures', null),
      ])
      .execute()
    await db
      .insertInto('footer_pages')
      .values({
        id: 'f1',
        title: 'f',
        slug: 'f',
        content: 'x',
        featured_image: `/uploads/${hashes[1]}.png`,
        created_at: now,
        updated_at: now,
      })
      .execute()

    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    const uses = await db.selectFrom('image_uses').select(['image_id', 'post_id', 'footer_page_id']).execute()
    const key = (u: { image_id: string; post_id: string | null; footer_page_id: string | null }) =>
      `${u.image_id} ${u.post_id ?? '-'} ${u.footer_page_id ?? '-'}`
    expect(uses.map(key).sort()).toEqual(['img-0 p1 -', 'img-1 - f1', 'img-1 p1 -'])
    const images = await db.selectFrom('images').select(['alt_text', 'variants_version', 'frames']).execute()
    expect(images).toEqual(hashes.map(() => ({ alt_text: '', variants_version: 0, frames: 1 })))

    expect((await migrator.migrateDown()).error).toBeUndefined()
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
  })
})
