import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withIndexedSearch } from '#server/db/postgres-tuning.ts'
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'
import type { Page, SearchQuery } from '#server/features/search/search-query.ts'
import {
  newestSearchStatement,
  postgresSearchStatement,
  searchNewest,
  searchPostgres,
} from '#server/features/search/search.postgres.repo.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

// A public search that most posts match is answered from the newest posts by the date index (never by reading and
// sorting every match); its answer must be the one the full-text index gives.
const PUBLISHED = 2200

describe('PostgreSQL search from the newest posts', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
    const db = t.app.ctx.db
    const author = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
    const base = Date.parse('2025-01-01T00:00:00.000Z')
    await insertPostsWithState(
      db,
      Array.from({ length: PUBLISHED + 100 }, (_, i) => {
        const published = i < PUBLISHED
        const at = new Date(base + i * 60_000).toISOString()
        const words = ['kestrel', 'common', ...(i % 20 === 0 ? ['rarebird'] : []), ...(i % 9 < 4 ? ['halfway'] : [])]
        return {
          id: crypto.randomUUID(),
          // Every third title holds the common word; the newest titles never hold "halfway".
          title: i % 3 === 0 ? `Kestrel notes ${i}` : `Post ${i}`,
          slug: `post-${i}`,
          content: `Words: ${words.join(' ')} and number ${i}`,
          excerpt: `Post ${i}`,
          category_id: null,
          author_id: author,
          status: published ? 'published' : 'draft',
          tags: '[]',
          reading_time: 1,
          views: 0,
          published_at: published ? at : null,
          featured: 0,
          featured_at: null,
          created_at: at,
          updated_at: at,
        }
      }),
    )
    await sql`vacuum analyze`.execute(db)
  }, 120_000)
  afterAll(() => t.close())

  const fromIndex = async (q: SearchQuery, page: Page) => {
    const rows = await withIndexedSearch(
      t.app.ctx.db,
      async (c) => (await postgresSearchStatement(q, page).execute(c)).rows,
    )
    return { ids: rows.flatMap((r) => (r.id ? [r.id] : [])), total: rows[0]!.total }
  }

  const pages: Page[] = [
    { limit: 9, offset: 0 },
    { limit: 9, offset: 27 },
    { limit: 9, offset: 990 },
    { limit: 9, offset: 1800 },
  ]
  const cases: Array<[string, SearchQuery]> = []
  for (const sort of ['latest', 'oldest'] as const)
    for (const words of [['kes'], ['kestrel'], ['common', 'kes'], ['halfway'], ['rarebird'], ['nomatch']])
      cases.push([`${words.join(' ')}, ${sort}`, { words, status: 'published', sort }])

  it.each(cases)('%s: the same page and count as the full-text index', async (_, q) => {
    for (const page of pages) {
      const found = await searchPostgres(t.app.ctx.db, q, page)
      const expected = await fromIndex(q, page)
      expect(
        found.docs.map((d) => d.id),
        `offset ${page.offset}`,
      ).toEqual(expected.ids)
      const bound = Math.max(1000, page.offset + page.limit + 1)
      expect(found.total).toBe(Math.min(expected.total, bound))
      expect(found.exact).toBe(expected.total < bound)
    }
  })

  it('answers a word most of the newest posts hold from them, title matches first for latest', async () => {
    const db = t.app.ctx.db
    const first = { limit: 9, offset: 0 }
    for (const q of [
      { words: ['kes'], status: 'published', sort: 'latest' },
      { words: ['kestrel'], status: 'published', sort: 'oldest' },
    ] satisfies SearchQuery[]) {
      const found = await withIndexedSearch(db, (c) => searchNewest(c, q, first))
      expect(found, q.sort).not.toBeNull()
    }
    // A word in fewer than half of them, and drafts' and admin searches, go to the full-text index.
    for (const q of [
      { words: ['halfway'], status: 'published', sort: 'latest' },
      { words: ['rarebird'], status: 'published', sort: 'oldest' },
      { words: ['kes'], status: null, sort: 'latest' },
      { words: ['kes'], status: 'published', sort: 'popular' },
    ] satisfies SearchQuery[])
      expect(await withIndexedSearch(db, (c) => searchNewest(c, q, first)), q.words[0]).toBeNull()
  })

  it('reads no more posts than the count needs, in date order (no sort of the matches)', async () => {
    const db = t.app.ctx.db
    const statement = newestSearchStatement(
      { words: ['kes'], status: 'published', sort: 'latest' },
      { limit: 9, offset: 0 },
    ).compile(db)
    type Node = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows': number; Plans?: Node[] }
    const plan = await withIndexedSearch(db, async (c) => {
      const result = await c.executeQuery<{ 'QUERY PLAN': Array<{ Plan: Node }> }>(
        CompiledQuery.raw(`explain (analyze, format json) ${statement.sql}`, [...statement.parameters]),
      )
      return result.rows[0]!['QUERY PLAN'][0]!.Plan
    })
    const nodes: Node[] = []
    const walk = (n: Node) => (nodes.push(n), n.Plans?.forEach(walk))
    walk(plan)
    const scans = nodes.filter((n) => n['Relation Name'] === 'post_search' && /Scan/.test(n['Node Type']))
    const walked = scans.find((n) => n['Node Type'] === 'Index Scan' && n['Actual Rows'] > 9)
    expect(walked, JSON.stringify(plan)).toBeDefined()
    expect(walked!['Actual Rows']).toBeLessThanOrEqual(1001)
    expect(nodes.some((n) => /Bitmap/.test(n['Node Type']))).toBe(false)
  })
})
