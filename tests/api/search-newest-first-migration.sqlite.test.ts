import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { searchPosts } from '#server/features/search/search.service.ts'
import { searchOrderKey } from '#server/features/search/search-order-key.ts'
import type { SearchQuery } from '#server/features/search/search-query.ts'
import { createTestDatabase } from '#test/support/test-db.ts'
import { insertMigrationPosts, migratedToBefore, timeKeyOf } from './search-migration.fixtures.ts'

type Handle = Awaited<ReturnType<typeof createTestDatabase>>

const THIS = '20261126T1200-search-newest-first'

/** The search row number before this migration: published from 0 up, the others below 0. */
const oldOrderKey = (at: string, postId: string, status: string) =>
  status === 'published' ? timeKeyOf(at, postId) : -1 - timeKeyOf(at, postId)

describe(`migration ${THIS} on a blog with posts`, () => {
  let database: Handle
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.dispose())

  it('numbers published rows newest first, with the numbers new rows get, keeps every answer, and goes down and up again', async () => {
    const { db, migrator, before } = await migratedToBefore(database.handle, THIS)

    const posts = await insertMigrationPosts(db)
    for (const p of [...posts].sort((a, b) => oldOrderKey(a.at, a.id, a.status) - oldOrderKey(b.at, b.id, b.status))) {
      await db
        .insertInto('post_search')
        .values({
          id: oldOrderKey(p.at, p.id, p.status),
          post_id: p.id,
          status: p.status,
          published_at: p.published ? p.at : null,
          title: p.title,
          excerpt: '',
          body: p.body,
          tags: '',
          facets: '',
        })
        .execute()
    }
    // Newest first, by time alone (each post has its own minute).
    const newestFirst = (status: string | null) =>
      posts
        .filter(
          (p) =>
            (p.body.includes('kestrel') || p.title.startsWith('Kestrel')) && (status === null || p.status === status),
        )
        .sort((a, b) => b.at.localeCompare(a.at))
        .map((p) => p.id)
    const search = async (status: SearchQuery['status'], sort: SearchQuery['sort']) =>
      (
        await searchPosts(db as unknown as Db, { words: ['kestrel'], status, sort }, { limit: 100, offset: 0 })
      ).hits.map((h) => h.id)
    const sameAnswers = async () => {
      for (const status of ['published', 'draft', null] as const) {
        expect(await search(status, 'oldest'), `${status} oldest`).toEqual(newestFirst(status).reverse())
        // Latest puts title matches first: compare within each tier.
        const latest = await search(status, 'latest')
        expect([...latest].sort(), `${status} latest`).toEqual([...newestFirst(status)].sort())
      }
    }

    expect((await migrator.migrateTo(THIS)).error).toBeUndefined()
    const rows = await db.selectFrom('post_search').select(['id', 'post_id', 'status']).execute()
    const byId = new Map(posts.map((p) => [p.id, p]))
    // Every row has the number a write would give it now.
    for (const row of rows)
      expect(Number(row.id), row.post_id).toBe(searchOrderKey(byId.get(row.post_id)!.at, row.post_id, row.status))
    const shape = await sql<{
      sql: string
    }>`select sql from sqlite_master where name in ('post_search_fts', 'post_title_fts')`.execute(db)
    expect(shape.rows).toHaveLength(2)
    for (const table of shape.rows) expect(table.sql).toMatch(/detail=column, prefix='2 3 4 5 6 7 8 9 10 11 12'/)
    // FTS5 lists the newest published match first without sorting.
    const natural = await sql<{
      post_id: string
    }>`select s.post_id from post_search_fts f join post_search s on s.id = f.rowid
      where post_search_fts match ${'"kestrel"'} and f.rowid >= 0`.execute(db)
    expect(natural.rows.map((r) => r.post_id)).toEqual(newestFirst('published'))
    await sameAnswers()

    expect((await migrator.migrateTo(before)).error).toBeUndefined()
    for (const row of await db.selectFrom('post_search').select(['id', 'post_id', 'status']).execute()) {
      expect(Number(row.id), row.post_id).toBe(oldOrderKey(byId.get(row.post_id)!.at, row.post_id, row.status))
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    await sameAnswers()
  })
})
