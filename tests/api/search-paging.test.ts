import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'
import { searchPosts } from '#server/features/search/search.service.ts'
import { COUNT_LIMIT, type SearchQuery } from '#server/features/search/search-query.ts'
import { recordStatements } from '#test/support/record-statements.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'
import { adminId, insertCategory } from './posts.fixtures.ts'

const POSTS = 2000

/**
 * Pages of a search put together equal the whole ranked list, ties in time included. More matches than the count's
 * bound are counted as far as it (or one past the page's end), never further.
 */
describe('search paging', () => {
  let t: TestApp
  let category: string
  let posts: Array<{
    id: string
    inTitle: boolean
    at: string
    views: number
    inCategory: boolean
    published: boolean
  }> = []

  beforeAll(async () => {
    t = await createTestApp()
    category = await insertCategory(t, 'Birds', 'birds')
    const author = await adminId(t)
    const base = Date.parse('2026-01-01T00:00:00.000Z')
    const rows = Array.from({ length: POSTS }, (_, i) => {
      const at = new Date(base + Math.floor(i / 2) * 60_000).toISOString() // pairs share a time: ties break by id
      const inTitle = i % 50 === 0 // fewer title matches than the walked pages reach
      return {
        id: `post-${String(i).padStart(4, '0')}`,
        title: inTitle ? `Kestrel ${i}` : `Note ${i}`,
        slug: `p-${i}`,
        content: inTitle ? 'plain words' : `a kestrel ${i}`,
        excerpt: '',
        category_id: i % 2 ? category : null,
        author_id: author,
        status: i % 10 === 9 ? 'draft' : 'published',
        tags: '[]',
        reading_time: 1,
        views: (i * 37) % 11,
        published_at: at,
        featured: 0,
        featured_at: null,
        created_at: at,
        updated_at: at,
      }
    })
    await insertPostsWithState(t.app.ctx.db, rows)
    if (TEST_ENGINE === 'postgres') await sql`analyze`.execute(t.app.ctx.db)
    posts = rows.map((r) => ({
      id: r.id,
      inTitle: r.title.startsWith('Kestrel'),
      at: r.published_at,
      views: r.views,
      inCategory: r.category_id === category,
      published: r.status === 'published',
    }))
  })
  afterAll(() => t.close())

  const ranked = (sort: SearchQuery['sort'], inCategory: boolean, everyStatus = false) => {
    const newest = (a: { at: string; id: string }, b: { at: string; id: string }) =>
      b.at.localeCompare(a.at) || b.id.localeCompare(a.id)
    const rows = posts.filter((r) => (everyStatus || r.published) && (!inCategory || r.inCategory))
    if (sort === 'oldest') return rows.sort((a, b) => -newest(a, b)).map((r) => r.id)
    if (sort === 'popular') return rows.sort((a, b) => b.views - a.views || newest(a, b)).map((r) => r.id)
    return rows.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || newest(a, b)).map((r) => r.id)
  }

  const cases = [
    ...(['latest', 'oldest', 'popular'] as const).flatMap((sort) =>
      [false, true].map((inCategory) => ({ sort, inCategory, everyStatus: false })),
    ),
    // An admin's search of every status: published posts and the others, merged in time order.
    ...(['latest', 'oldest'] as const).map((sort) => ({ sort, inCategory: false, everyStatus: true })),
  ]
  /** What a page reports: every match while there are fewer than the bound, else the bound and "at least". */
  const counted = (matches: number, page: { limit: number; offset: number }) => {
    const bound = Math.max(COUNT_LIMIT, page.offset + page.limit + 1)
    return matches >= bound ? { total: bound, exact: false } : { total: matches, exact: true }
  }

  for (const { sort, inCategory, everyStatus } of cases) {
    it(`${sort}${inCategory ? ' in a category' : ''}${everyStatus ? ', every status' : ''}: every page in its place, its count bounded`, async () => {
      const want = ranked(sort, inCategory, everyStatus)
      const q: SearchQuery = {
        words: ['kestrel'],
        status: everyStatus ? null : 'published',
        sort,
        ...(inCategory ? { categoryId: category } : {}),
      }
      // Small pages as far as PostgreSQL walks (and a little past), large ones to the end.
      for (const [limit, end] of [
        [9, 540],
        [100, want.length],
      ] as const) {
        const got: string[] = []
        for (let offset = 0; offset < end; offset += limit) {
          const page = await searchPosts(t.app.ctx.db, q, { limit, offset })
          expect({ total: page.total, exact: page.exact }, `offset ${offset}`).toEqual(
            counted(want.length, { limit, offset }),
          )
          got.push(...page.hits.map((h) => h.id))
        }
        expect(got, `limit ${limit}`).toEqual(want.slice(0, got.length))
        expect(got.length).toBe(Math.min(end, want.length))
      }
    })
  }

  it('a page takes one statement (two for a public search by views on SQLite, two or three by date on PostgreSQL)', async () => {
    for (const q of [
      { words: ['kestrel'] },
      { words: ['kestrel'], categoryId: category },
      { words: ['kestrel', '1'], sort: 'popular' as const },
    ]) {
      const { db, statements } = recordStatements(t.app.ctx.db)
      const page = await searchPosts(db, { status: 'published', sort: 'latest', ...q }, { limit: 9, offset: 18 })
      expect(page.hits.length).toBeGreaterThan(0)
      // PostgreSQL's transaction around a search is not a statement of the search.
      const searching = statements.filter((s) => !/^(begin|commit|rollback)\b/.test(s))
      // SQLite counts a public search by views first: past the bound it walks the views index instead of sorting.
      // PostgreSQL samples the newest posts before a public search by date, then reads the newest posts, the
      // full-text index, or the first and then the second when the newest do not settle the page.
      const expected = 'sort' in q ? (TEST_ENGINE === 'sqlite' ? [2] : [1]) : TEST_ENGINE === 'sqlite' ? [1] : [2, 3]
      expect(expected, searching.join('\n')).toContain(searching.length)
    }
  })

  it('says on the API when a search stopped counting', async () => {
    const header = async (url: string) => {
      const res = await t.request({ method: 'GET', url })
      return {
        total: Number(res.headers['x-total-count']),
        exact: res.headers['x-total-count-exact'] !== 'false',
        rows: (res.json() as unknown[]).length,
      }
    }
    const all = ranked('latest', false).length
    const many = await header('/api/posts?search=kestrel')
    expect(many).toEqual({ ...counted(all, { limit: 9, offset: 0 }), rows: 9 })
    expect(many).toEqual({ total: COUNT_LIMIT, exact: false, rows: 9 })
    expect(await header('/api/posts?search=kestrel&page=150')).toEqual({ total: 150 * 9 + 1, exact: false, rows: 9 })
    const inCategory = ranked('latest', true).length
    const few = await header(`/api/posts?search=kestrel&categoryId=${category}`)
    expect(few).toEqual({ total: inCategory, exact: true, rows: 9 })
    const last = await header(`/api/posts?search=kestrel&categoryId=${category}&page=${Math.ceil(inCategory / 9)}`)
    expect(last).toEqual({ total: inCategory, exact: true, rows: inCategory - 9 * (Math.ceil(inCategory / 9) - 1) })
  })
})
