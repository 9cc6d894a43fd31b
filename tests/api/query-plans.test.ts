import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'
import {
  featuredIdsQuery,
  listingIdsQuery,
  relatedByCategoryQuery,
  relatedByTagQuery,
  relatedCandidatesQuery,
  sitemapPageQuery,
  type Listing,
} from '#server/features/posts/posts.repo.ts'
import { staleRendersQuery } from '#server/features/posts/posts.repo.ts'
import { postgresSearchStatement } from '#server/features/search/search.postgres.repo.ts'
import { sqliteSearchStatement } from '#server/features/search/search.sqlite.repo.ts'
import type { PostSort } from '#shared/schemas/post.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'
import { planProblems } from '#test/support/query-plan.ts'

const POSTS = ['posts', 'post_tags', 'post_search']

describe('every public ordering is served by an index (no full scan of posts, no sort of all rows)', () => {
  let t: TestApp
  let categoryId: string

  beforeAll(async () => {
    t = await createTestApp()
    const db = t.app.ctx.db
    categoryId = crypto.randomUUID()
    await db
      .insertInto('categories')
      .values({
        id: categoryId,
        name: 'Code',
        slug: 'code',
        color: '#123456',
        description: null,
        created_at: new Date().toISOString(),
      })
      .execute()
    const author = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
    const base = Date.parse('2026-01-01T00:00:00.000Z')
    await insertPostsWithState(
      db,
      Array.from({ length: 300 }, (_, i) => {
        const at = new Date(base + i * 60_000).toISOString()
        return {
          id: crypto.randomUUID(),
          title: `Post ${i}`,
          slug: `post-${i}`,
          content: `Words about topic ${i % 7} and fastify`,
          excerpt: `Post ${i}`,
          category_id: i % 3 === 0 ? categoryId : null,
          author_id: author,
          status: i % 10 === 0 ? 'draft' : 'published',
          tags: JSON.stringify([`tag${i % 5}`]),
          reading_time: 1,
          views: (i * 7) % 101,
          published_at: i % 10 === 0 ? null : at,
          featured: i % 50 === 0 ? 1 : 0,
          featured_at: i % 50 === 0 ? at : null,
          created_at: at,
          updated_at: at,
        }
      }),
    )
    // Vacuumed as well as analysed: whether an index-only walk beats a sort depends on the pages being marked all
    // visible, which otherwise waits for autovacuum (a busy machine once left the tag listings sorted).
    if (TEST_ENGINE === 'postgres') await sql`vacuum analyze`.execute(t.app.ctx.db)
  })
  afterAll(() => t.close())

  const check = async (name: string, query: { sql: string; parameters: readonly unknown[] }, ordered = true) => {
    const { plan, problems } = await planProblems(t.app.ctx.db, TEST_ENGINE, query, { tables: POSTS, ordered })
    expect(problems, `${name}: ${plan}`).toEqual([])
  }

  const listings: Array<[string, Listing, PostSort]> = []
  for (const sort of ['latest', 'oldest', 'popular'] as const) {
    listings.push([`all ${sort}`, { status: 'published' }, sort])
    listings.push([`category ${sort}`, { status: 'published', categoryId: 'CATEGORY' }, sort])
  }
  listings.push(['tag latest', { status: 'published', tagKey: 'tag1' }, 'latest'])
  listings.push(['tag oldest', { status: 'published', tagKey: 'tag1' }, 'oldest'])

  it.each(listings)('%s', async (name, listing, sort) => {
    const resolved = listing.categoryId ? { ...listing, categoryId } : listing
    await check(name, listingIdsQuery(t.app.ctx.db, resolved, sort).limit(9).offset(18).compile())
    // A page in the second half walks the same index backwards.
    await check(
      `${name}, from the end`,
      listingIdsQuery(t.app.ctx.db, resolved, sort, 'end').limit(9).offset(18).compile(),
    )
  })

  it('featured, related and the sitemap walk', async () => {
    const db = t.app.ctx.db
    await check('featured', featuredIdsQuery(db, 3).compile())
    await check('related by category', relatedByCategoryQuery(db, 'x', categoryId, 30).compile())
    await check('related by tag', relatedByTagQuery(db, 'x', 'tag1', 30).compile())
    // The statement the post page runs: each branch of the union walks its own index in order.
    await check(
      'related candidates',
      relatedCandidatesQuery(db, { id: 'x', categoryId, tagKeys: ['tag1', 'tag2', 'tag3'] }, 12)!.compile(),
    )
    await check('sitemap first page', sitemapPageQuery(db, null, 100).compile())
    // Runs at every start: with no stale post it must find none without reading every post.
    await check('posts left by an older renderer', staleRendersQuery(db, 1, 50).compile())
    await check(
      'sitemap next page',
      sitemapPageQuery(db, { publishedAt: '2026-01-01T04:50:00.000Z', id: 'm' }, 50).compile(),
    )
  })

  it('search uses the full-text index, never a scan of posts', async () => {
    const db = t.app.ctx.db
    const statement = TEST_ENGINE === 'postgres' ? postgresSearchStatement : sqliteSearchStatement
    const cases: Array<[string, Parameters<typeof statement>[0]]> = [
      ['public', { words: ['fastify', 'topic'], status: 'published', sort: 'latest' }],
      ['category', { words: ['fastify'], status: 'published', categoryId, sort: 'latest' }],
      ['tag', { words: ['fastify'], status: 'published', tagKey: 'tag1', sort: 'oldest' }],
      ['popular', { words: ['fastify'], status: 'published', sort: 'popular' }],
      ['admin', { words: ['fastify'], status: null, sort: 'latest' }],
    ]
    // The full-text statement sorts its matches: only scans are checked here. On PostgreSQL a word most posts hold is
    // answered from the newest posts instead, read in order (search-newest.pg.test.ts).
    for (const [name, q] of cases)
      await check(`search ${name}`, statement(q, { limit: 9, offset: 9 }).compile(db), false)
  })

  it('the check itself catches a full scan', async () => {
    const db = t.app.ctx.db
    const { problems } = await planProblems(
      db,
      TEST_ENGINE,
      db.selectFrom('posts').select('id').where('excerpt', '=', 'x').compile(),
      { tables: POSTS, ordered: false },
    )
    expect(problems.length).toBeGreaterThan(0)
    const sorted = await planProblems(
      db,
      TEST_ENGINE,
      db.selectFrom('posts').select('id').where('status', '=', 'published').orderBy('title').limit(9).compile(),
      { tables: POSTS, ordered: true },
    )
    expect(sorted.problems.length).toBeGreaterThan(0)
  })
})
