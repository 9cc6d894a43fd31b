import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { insertPostsWithState } from '#server/features/posts/posts.bulk.ts'
import { searchPosts } from '#server/features/posts/posts.search.repo.ts'
import { COUNTED_SLICES } from '#server/features/posts/search-sliced.postgres.ts'
import { searchSlices, splitSearchSlices, type Slice } from '#server/features/posts/search-slices.postgres.ts'
import { COUNT_LIMIT, type SearchQuery } from '#server/features/posts/search-tiers.ts'
import { PLAN_EACH_RUN } from '#server/db/named-statements.ts'
import { recordStatements } from '#test/support/record-statements.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'
import { adminId, insertCategory } from './posts.fixtures.ts'

const POSTS = 2000

/**
 * Pages of a search put together equal the whole ranked list, for searches with more matches than PostgreSQL sorts
 * (its first pages walk the date index, tier by tier, its later ones sort) and on SQLite (tiers past the first page).
 * More matches than the count's bound are counted as far as it (or one past the page's end), never further.
 * On PostgreSQL the same again with the blog cut into time slices of 60 to 120 posts (search-slices.postgres.ts),
 * ties in time included, where a public search by date counts the nearest COUNTED_SLICES slices only.
 */
const SLICINGS = TEST_ENGINE === 'postgres' ? [undefined, 60] : [undefined]

describe.each(SLICINGS)('search paging (slices of %s posts)', (slicePosts) => {
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
  let slices: Slice[] = []

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
    if (slicePosts) expect(await splitSearchSlices(t.app.ctx.db, slicePosts)).toBeGreaterThan(COUNTED_SLICES + 1)
    if (TEST_ENGINE === 'postgres') slices = await searchSlices(t.app.ctx.db)
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
  /**
   * The matches a count reads when it stops at slices: a public search by date on a blog of more than COUNTED_SLICES
   * slices counts the nearest ones only (docs/decisions/098); undefined when a search counts the whole blog.
   */
  const matchesCounted = (sort: SearchQuery['sort'], inCategory: boolean, everyStatus: boolean) => {
    if (everyStatus || sort === 'popular' || slices.length <= COUNTED_SLICES) return undefined
    const near = (sort === 'oldest' ? slices : [...slices].reverse()).slice(0, COUNTED_SLICES)
    return posts.filter(
      (r) =>
        r.published &&
        (!inCategory || r.inCategory) &&
        near.some((s) => (!s.from || r.at >= s.from) && (!s.to || r.at < s.to)),
    ).length
  }
  /**
   * What a page reports: every match while there are fewer than the bound, else the bound and "at least". A count
   * that stopped at its slices short of the bound: at least one past the page while there are more, exactly the
   * matches on the page that shows the last one.
   */
  const counted = (matches: number, page: { limit: number; offset: number }, near?: number) => {
    const bound = Math.max(COUNT_LIMIT, page.offset + page.limit + 1)
    const n = Math.min(near ?? matches, bound)
    if (n >= bound) return { total: bound, exact: false }
    if (near === undefined) return { total: matches, exact: true }
    if (matches > page.offset + page.limit) return { total: Math.max(n, page.offset + page.limit + 1), exact: false }
    return matches > page.offset ? { total: matches, exact: true } : { total: n, exact: page.offset === 0 }
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
            counted(want.length, { limit, offset }, matchesCounted(sort, inCategory, everyStatus)),
          )
          got.push(...page.hits.map((h) => h.id))
        }
        expect(got, `limit ${limit}`).toEqual(want.slice(0, got.length))
        expect(got.length).toBe(Math.min(end, want.length))
      }
    })
  }

  it('by views, counts past the bound as far as its sort-or-walk choice needs: matches few enough to sort are sorted, on both engines', async () => {
    // The walk of the views index: SQLite's starts from posts; PostgreSQL's is a second statement planned at every run.
    const walks = (statement: string) =>
      TEST_ENGINE === 'sqlite' ? /from posts p join post_search s/.test(statement) : statement.startsWith(PLAN_EACH_RUN)
    const q: SearchQuery = { words: ['kestrel'], status: 'published', sort: 'popular' }
    const want = ranked('popular', false)
    // 1,800 matches: past the bound, and fewer than the cap at offset 300 (sqrt(6 × 309 × 1,800) on SQLite), more at 0.
    for (const [offset, walked] of [
      [0, true],
      [300, false],
    ] as const) {
      const { db, statements } = recordStatements(t.app.ctx.db)
      const page = await searchPosts(db, q, { limit: 9, offset })
      expect(
        page.hits.map((h) => h.id),
        `offset ${offset}`,
      ).toEqual(want.slice(offset, offset + 9))
      expect({ total: page.total, exact: page.exact }).toEqual(counted(want.length, { limit: 9, offset }))
      expect(statements.some(walks), `offset ${offset}: ${statements.join('\n')}`).toBe(walked)
    }
  })

  it('a first page by date takes two statements at most, its matches too many to sort or not', async () => {
    for (const q of [
      { words: ['kestrel'] },
      { words: ['kestrel'], categoryId: category },
      { words: ['kestrel', '1'] },
    ]) {
      const { db, statements } = recordStatements(t.app.ctx.db)
      const page = await searchPosts(db, { status: 'published', sort: 'latest', ...q }, { limit: 9, offset: 0 })
      expect(page.hits.length).toBeGreaterThan(0)
      // PostgreSQL's transaction around a search is not a statement of the search.
      const searching = statements.filter((s) => !/^(begin|commit|rollback)\b/.test(s))
      expect(searching.length, searching.join('\n')).toBeLessThanOrEqual(2)
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
    expect(many).toEqual({ ...counted(all, { limit: 9, offset: 0 }, matchesCounted('latest', false, false)), rows: 9 })
    expect(many.exact).toBe(false)
    if (!slicePosts) expect(many.total).toBe(COUNT_LIMIT)
    expect(await header('/api/posts?search=kestrel&page=150')).toEqual({ total: 150 * 9 + 1, exact: false, rows: 9 })
    const inCategory = ranked('latest', true).length
    const few = await header(`/api/posts?search=kestrel&categoryId=${category}`)
    expect(few).toEqual({
      ...counted(inCategory, { limit: 9, offset: 0 }, matchesCounted('latest', true, false)),
      rows: 9,
    })
    if (!slicePosts) expect(few).toEqual({ total: inCategory, exact: true, rows: 9 })
    // The last page of a count that stopped at its slices: exact again.
    const last = await header(`/api/posts?search=kestrel&categoryId=${category}&page=${Math.ceil(inCategory / 9)}`)
    expect(last).toEqual({ total: inCategory, exact: true, rows: inCategory - 9 * (Math.ceil(inCategory / 9) - 1) })
  })
})
