import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { searchPosts } from '#server/features/search/search.service.ts'
import type { SearchQuery } from '#server/features/search/search-query.ts'
import { createTestDatabase } from '#test/support/test-db.ts'
import { insertMigrationPosts, migratedToBefore, timeKeyOf } from './search-migration.fixtures.ts'

type Handle = Awaited<ReturnType<typeof createTestDatabase>>

const THIS = '20261126T0900-search-rows-by-visibility'

/** The search row number before this migration: every row by time from 0 up. */
const oldOrderKey = timeKeyOf

describe(`migration ${THIS} on a blog with posts`, () => {
  let database: Handle
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.dispose())

  it('moves unpublished rows below 0, keeps every search answer, and goes down and up again', async () => {
    const { db, migrator, before } = await migratedToBefore(database.handle, THIS)

    const posts = await insertMigrationPosts(db)
    // Old shape: every row numbered by time from 0 up, the status a column of the index.
    for (const p of [...posts].sort((a, b) => oldOrderKey(a.at, a.id) - oldOrderKey(b.at, b.id))) {
      await db
        .insertInto('post_search')
        .values({
          id: oldOrderKey(p.at, p.id),
          post_id: p.id,
          status: p.status,
          published_at: p.published ? p.at : null,
          title: p.title,
          excerpt: '',
          body: p.body,
          tags: '',
        })
        .execute()
    }
    const oldAnswer = async (status: string | null) =>
      (
        await sql<{ post_id: string }>`select s.post_id from post_search_fts f join post_search s on s.id = f.rowid
      where post_search_fts match ${'{title excerpt body tags} : "kestrel"'} and (${status} is null or s.status = ${status}) order by f.rowid desc`.execute(
          db,
        )
      ).rows.map((r) => r.post_id)
    const expected = {
      published: await oldAnswer('published'),
      draft: await oldAnswer('draft'),
      all: await oldAnswer(null),
    }
    expect(expected.published.length).toBeGreaterThan(5)

    const search = async (status: SearchQuery['status']) => {
      const ranked = await searchPosts(
        db as unknown as Db,
        { words: ['kestrel'], status, sort: 'oldest' },
        { limit: 100, offset: 0 },
      )
      return ranked.hits.map((h) => h.id).reverse()
    }
    const sameAnswers = async () => {
      expect(await search('published')).toEqual(expected.published)
      expect(await search('draft')).toEqual(expected.draft)
      expect(await search(null)).toEqual(expected.all)
    }

    expect((await migrator.migrateTo(THIS)).error).toBeUndefined()
    const rows = await db.selectFrom('post_search').select(['id', 'status']).execute()
    for (const row of rows) expect(Number(row.id) >= 0, row.status).toBe(row.status === 'published')
    const shape = await sql<{
      sql: string
    }>`select sql from sqlite_master where name in ('post_search_fts', 'post_title_fts')`.execute(db)
    for (const table of shape.rows) expect(table.sql).toMatch(/detail=column, prefix='2 3 4 5 6'/)
    // The app's searches read the latest shape.
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    await sameAnswers()

    expect((await migrator.migrateTo(before)).error).toBeUndefined()
    expect(await oldAnswer('published')).toEqual(expected.published)
    expect(await oldAnswer(null)).toEqual(expected.all)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    await sameAnswers()
  })
})
