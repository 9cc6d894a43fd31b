import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { categoryFacet } from '#server/features/search/search-facets.ts'
import { searchPosts } from '#server/features/search/search.service.ts'
import { createTestDatabase } from '#test/support/test-db.ts'
import { insertMigrationPosts, migratedToBefore } from './search-migration.fixtures.ts'

type Handle = Awaited<ReturnType<typeof createTestDatabase>>

const THIS = '20261129T0300-search-one-document'

describe(`migration ${THIS} on a database the older search migrations built`, () => {
  let database: Handle
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.dispose())

  it('drops what they built around the search, keeps every answer, and goes down and up again', async () => {
    const { db, migrator, before } = await migratedToBefore(database.handle, THIS)

    const posts = await insertMigrationPosts(db)
    await db
      .insertInto('categories')
      .values({ id: 'c1', name: 'Birds', slug: 'birds', created_at: posts[0]!.at })
      .execute()
    // The search rows as the older schema's writers left them: with facets, published ones copied by its trigger.
    await db
      .insertInto('post_search')
      .values(
        posts.map((p, i) => ({
          post_id: p.id,
          status: p.status,
          published_at: p.published ? p.at : null,
          title: p.title,
          excerpt: '',
          body: p.body,
          tags: '',
          facets: i % 2 ? categoryFacet('c1') : '',
        })),
      )
      .execute()
    await db
      .updateTable('posts')
      .set({ category_id: 'c1' })
      .where(sql<boolean>`substr(id, 2)::int % 2 = 1`)
      .execute()
    const tables = async () =>
      (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_name in ('published_search_words', 'search_slices')`.execute(
          db,
        )
      ).rows.map((r) => r.name)
    expect((await tables()).sort()).toEqual(['published_search_words', 'search_slices'])

    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    expect(await tables()).toEqual([])
    const indexes = await sql<{
      name: string
    }>`select indexname as name from pg_indexes where tablename = 'post_search'`.execute(db)
    expect(indexes.rows.map((r) => r.name).filter((n) => n.includes('title'))).toEqual([])

    const found = async (q: { categoryId?: string; status?: 'published' | null }) =>
      (
        await searchPosts(
          db as unknown as Db,
          { words: ['kestrel'], status: 'published', sort: 'latest', ...q },
          {
            limit: 100,
            offset: 0,
          },
        )
      ).hits.map((h) => h.id)
    const kestrel = (p: (typeof posts)[0]) => p.title.startsWith('Kestrel') || p.body.includes('kestrel')
    const newestFirst = (list: typeof posts) => [
      ...list.filter((p) => p.title.startsWith('Kestrel')).reverse(),
      ...list.filter((p) => !p.title.startsWith('Kestrel')).reverse(),
    ]
    const published = posts.filter((p) => p.published && kestrel(p))
    expect(await found({})).toEqual(newestFirst(published).map((p) => p.id))
    expect(await found({ categoryId: 'c1' })).toEqual(
      newestFirst(published.filter((p) => Number(p.id.slice(1)) % 2 === 1)).map((p) => p.id),
    )
    expect((await found({ status: null })).sort()).toEqual(
      posts
        .filter(kestrel)
        .map((p) => p.id)
        .sort(),
    )

    expect((await migrator.migrateTo(before)).error).toBeUndefined()
    expect((await tables()).sort()).toEqual(['published_search_words', 'search_slices'])
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    expect(await found({})).toEqual(newestFirst(published).map((p) => p.id))
  })
})
