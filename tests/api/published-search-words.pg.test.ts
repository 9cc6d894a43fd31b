import { Migrator, sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '#server/db/migrate.ts'
import type { Db } from '#server/db/client.ts'
import { insertPostsWithState } from '#server/features/posts/posts.bulk.ts'
import { splitSearchSlices } from '#server/features/posts/search-slices.postgres.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { createTestDatabase } from '#test/support/test-db.ts'
import { adminCookie, adminId, createPost } from './posts.fixtures.ts'

const FACETS = '20261126T1000-search-facets'
const DATED = '20261126T1400-search-words-dated'
const SLICES = '20261127T0900-search-slices'
const NARROW = '20261127T1200-search-rows-narrow'

/** The published posts' words (and times, from DATED on) as post_search holds them, and as published_search_words does. */
async function bothSides(db: Db, dated = true) {
  const time = sql.raw(dated ? 'published_at, ' : '')
  const expected = await sql<{
    post_id: string
    words: string
  }>`select post_id, ${time}strip(document)::text as words from post_search
    where status = 'published' order by post_id`.execute(db)
  const kept = await sql<{
    post_id: string
    words: string
  }>`select post_id, ${time}words::text as words from published_search_words order by post_id`.execute(db)
  return { expected: expected.rows, kept: kept.rows }
}

describe('published_search_words (PostgreSQL: the narrow table public searches count from)', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp()
    cookie = await adminCookie(t)
  })
  afterAll(() => t.close())

  const put = async (id: string, payload: object) =>
    expect((await t.request({ method: 'PUT', url: `/api/posts/${id}`, cookie, payload })).statusCode).toBe(200)
  const publicTotal = async (q: string) =>
    Number((await t.request({ method: 'GET', url: `/api/posts?search=${q}` })).headers['x-total-count'])
  const expectKept = async () => {
    const { expected, kept } = await bothSides(t.app.ctx.db)
    expect(kept).toEqual(expected)
  }

  it('holds exactly the published posts through creating, publishing, editing, unpublishing, deleting and bulk inserts', async () => {
    const a = await createPost(t, cookie, { title: 'Kestrel one', content: 'hovering', status: 'published' })
    const b = await createPost(t, cookie, { title: 'Kestrel two', content: 'a draft', status: 'draft' })
    const c = await createPost(t, cookie, { title: 'Plain', content: 'nothing to see', status: 'published' })
    await expectKept()
    expect(await publicTotal('kestrel')).toBe(1)

    await put(b.id, { title: 'Kestrel two', content: 'now public', status: 'published' })
    await put(c.id, { title: 'Plain', content: 'a kestrel after all', status: 'published' })
    await expectKept()
    expect(await publicTotal('kestrel')).toBe(3)

    await put(a.id, { title: 'Kestrel one', content: 'hovering', status: 'draft' })
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${b.id}`, cookie })).statusCode).toBe(204)
    await expectKept()
    expect(await publicTotal('kestrel')).toBe(1)

    const author = await adminId(t)
    const at = '2026-01-01T00:00:00.000Z'
    await insertPostsWithState(
      t.app.ctx.db,
      Array.from({ length: 6 }, (_, i) => ({
        id: crypto.randomUUID(),
        title: `Imported falcon ${i}`,
        slug: `imported-${i}`,
        content: 'imported',
        excerpt: '',
        category_id: null,
        author_id: author,
        status: i % 2 ? 'published' : 'draft',
        tags: '[]',
        reading_time: 1,
        views: 0,
        published_at: i % 2 ? at : null,
        featured: 0,
        featured_at: null,
        created_at: at,
        updated_at: at,
      })),
    )
    await expectKept()
    expect(await publicTotal('falcon')).toBe(3)
    expect(await publicTotal('fal')).toBe(3)
  })
})

/** A blog of 12 posts (8 published, at two times) written as the migrations before `migration` left the schema. */
async function blogBefore(migration: string) {
  const database = await createTestDatabase()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older migration, like the migrations themselves
  const db = database.handle.db as unknown as Kysely<any>
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
  const before = Object.keys(MIGRATIONS)
    .sort()
    .filter((name) => name < migration)
    .at(-1)!
  expect((await migrator.migrateTo(before)).error).toBeUndefined()
  const now = '2026-01-01T00:00:00.000Z'
  await db
    .insertInto('users')
    .values({ id: 'u', username: 'u', email: 'u@x.com', password_hash: 'x', role: 'admin', created_at: now })
    .execute()
  for (let i = 0; i < 12; i++) {
    const status = i % 3 ? 'published' : 'draft'
    const at = i % 2 ? now : '2025-06-01T00:00:00.000Z'
    await db
      .insertInto('posts')
      .values({
        id: `p${i}`,
        title: `Post ${i}`,
        slug: `p${i}`,
        content: 'kestrel',
        excerpt: '',
        author_id: 'u',
        status,
        tags: '[]',
        reading_time: 1,
        views: 0,
        featured: 0,
        published_at: status === 'published' ? at : null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await db
      .insertInto('post_search')
      .values({
        post_id: `p${i}`,
        status,
        published_at: at,
        title: `Post ${i}`,
        excerpt: '',
        body: 'kestrel',
        tags: '',
      })
      .execute()
  }
  return { database, db, migrator }
}

describe(`migration ${FACETS}`, () => {
  it('fills the table from the posts already there, and goes down and up again', async () => {
    const { database, db, migrator } = await blogBefore(FACETS)
    try {
      expect((await migrator.migrateTo(FACETS)).error).toBeUndefined()
      const filled = await bothSides(db as unknown as Db, false)
      expect(filled.kept).toHaveLength(8)
      expect(filled.kept).toEqual(filled.expected)

      expect((await migrator.migrateDown()).error).toBeUndefined()
      const gone = await sql<{
        n: number
      }>`select count(*)::int as n from pg_class where relname = 'published_search_words'`.execute(db)
      expect(gone.rows[0]!.n).toBe(0)
      expect((await migrator.migrateTo(FACETS)).error).toBeUndefined()
      expect((await bothSides(db as unknown as Db, false)).kept).toEqual(filled.expected)
    } finally {
      await database.dispose()
    }
  })
})

describe(`migration ${DATED}`, () => {
  it('gives every published row its time, keeps it on later writes, and goes down and up again', async () => {
    const { database, db, migrator } = await blogBefore(DATED)
    try {
      const words = (await bothSides(db as unknown as Db, false)).kept
      expect((await migrator.migrateTo(DATED)).error).toBeUndefined()
      const filled = await bothSides(db as unknown as Db)
      expect(filled.kept).toHaveLength(8)
      expect(filled.kept).toEqual(filled.expected)
      expect(new Set(filled.kept.map((r) => (r as { published_at?: string }).published_at))).toEqual(
        new Set(['2026-01-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z']),
      )
      // The trigger writes the time too.
      await db
        .updateTable('post_search')
        .set({ published_at: '2026-02-02T00:00:00.000Z' })
        .where('post_id', '=', 'p1')
        .execute()
      const later = await bothSides(db as unknown as Db)
      expect(later.kept).toEqual(later.expected)

      expect((await migrator.migrateDown()).error).toBeUndefined()
      expect((await bothSides(db as unknown as Db, false)).kept).toEqual(words)
      await expect(sql`select published_at from published_search_words`.execute(db)).rejects.toThrow(/published_at/)
      expect((await migrator.migrateTo(DATED)).error).toBeUndefined()
      expect((await bothSides(db as unknown as Db)).kept).toEqual(later.expected)
    } finally {
      await database.dispose()
    }
  })
})

describe(`migration ${SLICES}`, () => {
  /** Each published post's title words as post_search holds them, and as published_search_words does. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as blogBefore
  const titles = async (db: Kysely<any>) => ({
    expected: (
      await sql<{
        post_id: string
        t: string
      }>`select post_id, title_document::text as t from post_search where status = 'published' order by post_id`.execute(
        db,
      )
    ).rows,
    kept: (
      await sql<{
        post_id: string
        t: string
      }>`select post_id, title_words::text as t from published_search_words order by post_id`.execute(db)
    ).rows,
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as blogBefore
  const sliceIndexes = async (db: Kysely<any>) =>
    (
      await sql<{
        n: number
      }>`select count(*)::int as n from pg_indexes where indexname like 'published_search_words_slice_%'`.execute(db)
    ).rows[0]!.n

  it('gives every published row its title words, keeps them on later writes, and goes down (slices and all) and up again', async () => {
    const { database, db, migrator } = await blogBefore(SLICES)
    try {
      const before = await bothSides(db as unknown as Db)
      expect((await migrator.migrateTo(SLICES)).error).toBeUndefined()
      const filled = await titles(db)
      expect(filled.kept).toHaveLength(8)
      expect(filled.kept).toEqual(filled.expected)
      expect((await bothSides(db as unknown as Db)).kept).toEqual(before.kept)
      await db.updateTable('post_search').set({ title: 'Renamed kestrel' }).where('post_id', '=', 'p1').execute()
      const later = await titles(db)
      expect(later.kept.find((r) => r.post_id === 'p1')!.t).toBe("'kestrel':2 'renamed':1")
      expect(later.kept).toEqual(later.expected)

      // Two slices of the two times, each with its two indexes.
      expect(await splitSearchSlices(db as unknown as Db, 2)).toBe(1)
      expect(await sliceIndexes(db)).toBe(4)
      expect((await migrator.migrateDown()).error).toBeUndefined()
      expect(await sliceIndexes(db)).toBe(0)
      await expect(sql`select title_words from published_search_words`.execute(db)).rejects.toThrow(/title_words/)
      expect((await bothSides(db as unknown as Db)).kept).toEqual((await bothSides(db as unknown as Db)).expected)
      expect((await migrator.migrateTo(SLICES)).error).toBeUndefined()
      expect(await titles(db)).toEqual(later)
      // The title words carry the post's facets, as its words do.
      await db.updateTable('post_search').set({ facets: 'c61' }).where('post_id', '=', 'p2').execute()
      const faceted = await sql<{
        t: string
      }>`select title_words::text as t from published_search_words where post_id = 'p2'`.execute(db)
      expect(faceted.rows[0]!.t).toBe("'#c61' '2':2 'post':1")
    } finally {
      await database.dispose()
    }
  })
})

describe(`migration ${NARROW}`, () => {
  /** The most rows any heap page of the table holds: about 8,000 bytes over a row's length. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as blogBefore
  const rowsPerPage = async (db: Kysely<any>) =>
    (
      await sql<{
        n: number
      }>`select max(n)::int as n from (select (ctid::text::point)[0] as page, count(*) as n from published_search_words group by 1) x`.execute(
        db,
      )
    ).rows[0]!.n
  const syllables = 'ka lo mi ren tas vel dor fin gra hul ith jor kes lum nar pol'.split(' ')
  const word = (i: number) => `${syllables[i % 16]}${syllables[(i >> 4) % 16]}${syllables[(i >> 8) % 16]}`
  /** Posts as long as real articles: ten title words and a body of 400 different words. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as blogBefore
  async function addLongPosts(db: Kysely<any>, count: number) {
    const at = '2026-02-01T00:00:00.000Z'
    for (let i = 0; i < count; i++) {
      const id = `long${i}`
      const title = Array.from({ length: 10 }, (_, j) => word(i * 10 + j)).join(' ')
      const body = Array.from({ length: 400 }, (_, j) => word((i + j * 7) % 4096)).join(' ')
      await db
        .insertInto('posts')
        .values({
          id,
          title,
          slug: id,
          content: body,
          excerpt: '',
          author_id: 'u',
          status: 'published',
          tags: '[]',
          reading_time: 2,
          views: 0,
          featured: 0,
          published_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute()
      await db
        .insertInto('post_search')
        .values({ post_id: id, status: 'published', published_at: at, title, excerpt: '', body, tags: '' })
        .execute()
    }
  }

  it("keeps long posts' title words out of line, so a heap page holds twice the rows, on every write, and goes down and up again", async () => {
    const { database, db, migrator } = await blogBefore(NARROW)
    try {
      await addLongPosts(db, 100)
      const before = await bothSides(db as unknown as Db)
      expect(before.kept).toHaveLength(108)
      expect(await rowsPerPage(db)).toBeLessThan(45)

      expect((await migrator.migrateTo(NARROW)).error).toBeUndefined()
      expect(await rowsPerPage(db)).toBeGreaterThan(70)
      const after = await bothSides(db as unknown as Db)
      expect(after.kept).toEqual(before.expected)
      const titleWords = await sql<{
        t: string
      }>`select title_words::text as t from published_search_words where post_id = 'long3'`.execute(db)
      expect(titleWords.rows[0]!.t).toBe(
        (
          await sql<{ t: string }>`select title_document::text as t from post_search where post_id = 'long3'`.execute(
            db,
          )
        ).rows[0]!.t,
      )

      // Rows the trigger writes later are as narrow: every long post rewritten, then the table packed.
      await sql`update post_search set title = title || ' again' where post_id like 'long%'`.execute(db)
      await sql`vacuum full published_search_words`.execute(db)
      expect(await rowsPerPage(db)).toBeGreaterThan(70)

      expect((await migrator.migrateDown()).error).toBeUndefined()
      expect(await rowsPerPage(db)).toBeLessThan(45)
      expect((await bothSides(db as unknown as Db)).kept).toEqual((await bothSides(db as unknown as Db)).expected)
      expect((await migrator.migrateTo(NARROW)).error).toBeUndefined()
      expect(await rowsPerPage(db)).toBeGreaterThan(70)
    } finally {
      await database.dispose()
    }
  })
})
