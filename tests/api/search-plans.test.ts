import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPostsWithState } from '#server/features/posts/posts.bulk.ts'
import { searchPosts, sqliteSearchStatements } from '#server/features/posts/posts.search.repo.ts'
import { postgresCountStatement, postgresFewMatchesStatement } from '#server/features/posts/search.postgres.ts'
import type { SearchQuery } from '#server/features/posts/search-tiers.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'
import { planProblems } from '#test/support/query-plan.ts'

const POSTS = ['posts', 'post_tags', 'post_search']

describe('search plans (docs/decisions/015)', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
    const db = t.app.ctx.db
    const author = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
    const base = Date.parse('2026-01-01T00:00:00.000Z')
    await insertPostsWithState(
      db,
      Array.from({ length: 400 }, (_, i) => {
        const at = new Date(base + i * 60_000).toISOString()
        const published = i % 10 !== 0
        return {
          id: crypto.randomUUID(), title: `Post ${i} about fastify`, slug: `post-${i}`, content: `Words about topic${i % 7} and fastify, then more words.`,
          excerpt: `Post ${i}`, category_id: null, author_id: author, status: published ? 'published' : 'draft', tags: '[]', reading_time: 1,
          views: (i * 7) % 101, published_at: published ? at : null, featured: 0, featured_at: null, created_at: at, updated_at: at,
        }
      }),
    )
    if (TEST_ENGINE === 'postgres') await sql`analyze`.execute(db)
  })
  afterAll(() => t.close())

  const plan = async (query: { sql: string; parameters: readonly unknown[] }) => {
    const { plan, problems } = await planProblems(t.app.ctx.db, TEST_ENGINE, query, { tables: POSTS, ordered: false })
    expect(problems, plan).toEqual([])
    return plan
  }
  const search = (words: string[], sort: SearchQuery['sort'] = 'latest', status: SearchQuery['status'] = 'published'): SearchQuery => ({ words, status, sort })

  it.skipIf(TEST_ENGINE !== 'sqlite')('SQLite: a public search reads published rows only (row numbers from 0 up), newest first, without sorting', async () => {
    const db = t.app.ctx.db
    for (const tier of ['all', 'title', 'rest'] as const) {
      for (const sort of ['latest', 'oldest'] as const) {
        const found = await plan(sqliteSearchStatements(search(['fastify', 'wor'], sort), tier).rows({ limit: 9, offset: 0 }).compile(db))
        // FTS5's index string: M for the match, > for a lower bound on the row number.
        expect(found, `${tier} ${sort}`).toMatch(/VIRTUAL TABLE INDEX \d+:M\d+>/)
        expect(found, `${tier} ${sort}`).not.toMatch(/TEMP B-TREE/)
      }
      expect(await plan(sqliteSearchStatements(search(['fastify']), tier).count.compile(db))).toMatch(/INDEX \d+:M\d+>/)
    }
    const drafts = await searchPosts(db, search(['fastify'], 'latest', 'draft'), { limit: 100, offset: 0 })
    expect(drafts.total).toBe(40)
    expect((await searchPosts(db, search(['fastify']), { limit: 9, offset: 0 })).total).toBe(360)
  })

  it.skipIf(TEST_ENGINE !== 'postgres')('PostgreSQL: few matches are read from the full-text index and sorted, never by walking every post', async () => {
    const db = t.app.ctx.db
    for (const sort of ['latest', 'oldest', 'popular'] as const) {
      for (const words of [['zzqx'], ['topic3'], ['fastify', 'topic3']]) {
        const found = await plan(postgresFewMatchesStatement(search(words, sort), { limit: 9, offset: 0 }).compile(db))
        expect(found, `${sort} ${words}`).toContain('post_search_document_idx')
        expect(found, `${sort} ${words}`).not.toContain('post_search_status_idx')
      }
    }
    expect(await plan(postgresCountStatement(search(['zzqx'])).compile(db))).toContain('post_search_document_idx')
  })

  it.skipIf(TEST_ENGINE !== 'postgres')('PostgreSQL: a walk of the date index is planned for its own words at every run, never by a generic plan', async () => {
    await t.app.ctx.db.connection().execute(async (conn) => {
      // "fastify" is in every post: more than can be sorted cheaply, so its pages walk the date index.
      for (let i = 0; i < 8; i++) {
        const found = await searchPosts(conn, search(['fastify', `wor`]), { limit: 9, offset: i * 9 })
        expect(found.total).toBe(360)
        expect(found.hits).toHaveLength(9)
      }
      const named = await sql<{ statement: string }>`select statement from pg_prepared_statements where statement not like '%pg_prepared_statements%'`.execute(conn)
      expect(named.rows.filter((r) => /published_at"? desc, "?s"?\."?post_id"? desc limit/.test(r.statement))).toEqual([])
      expect(named.rows.some((r) => r.statement.includes('materialized'))).toBe(true)
    })
  })
})
