import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { searchPosts } from '#server/features/posts/posts.search.repo.ts'
import { postgresFewMatchesStatement, postgresSearchStatements } from '#server/features/posts/search.postgres.ts'
import { COUNT_LIMIT, type SearchQuery } from '#server/features/posts/search-tiers.ts'
import { pgAnalyzedNodes } from '#test/support/query-plan.ts'
import { search, searchPlanBlog } from './search-plans.fixtures.ts'

describe('search plans on PostgreSQL (docs/decisions/015)', () => {
  const { blog, plan } = searchPlanBlog()

  it('PostgreSQL: few matches are read from the full-text index and sorted, never by walking every post', async () => {
    const db = blog.t.app.ctx.db
    for (const sort of ['latest', 'oldest', 'popular'] as const) {
      for (const words of [['zzqx'], ['topic3'], ['fastify', 'topic3']]) {
        // Public searches by views read published posts' words, never the list of every published post (by date
        // they read them in time slices: search-slices.pg.test.ts).
        if (sort === 'popular') {
          const found = await plan(
            postgresFewMatchesStatement(search(words, sort), { limit: 9, offset: 0 }).compile(db),
          )
          expect(found, `${sort} ${words}`).toContain('published_search_words_idx')
          expect(found, `${sort} ${words}`).not.toContain('post_search_status_idx')
        }
        // Drafts are few (40 of 400): listed by their status, never counted through every match of the words.
        const drafts = await plan(
          postgresFewMatchesStatement(search(words, sort, 'draft'), { limit: 9, offset: 0 }).compile(db),
        )
        expect(drafts, `draft ${sort} ${words}`).toContain('post_search_status_idx')
        expect(drafts, `draft ${sort} ${words}`).not.toContain('published_search_words')
      }
    }
  })

  it('PostgreSQL: a public search by views sorts its matches from published_search_words alone: post_search is read for the page only', async () => {
    const db = blog.t.app.ctx.db
    for (const sort of ['popular'] as const) {
      // "topic3": 51 published matches, fewer than the cap, so they are sorted.
      const nodes = await pgAnalyzedNodes(
        db,
        postgresFewMatchesStatement(search(['topic3'], sort), { limit: 9, offset: 0 }).compile(db),
      )
      const onPostSearch = nodes.filter(
        (n) => n['Relation Name'] === 'post_search' || n['Index Name']?.startsWith('post_search'),
      )
      // A bitmap heap scan reads what its index scan below it found: only the title index may be one.
      const readBy = (n: (typeof nodes)[0]) =>
        n['Index Name'] ?? (n['Node Type'] === 'Bitmap Heap Scan' ? 'its bitmap' : 'a scan')
      expect(
        onPostSearch
          .filter((n) => !['post_search_pkey', 'post_search_title_idx', 'its bitmap'].includes(readBy(n)))
          .map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]),
        sort,
      ).toEqual([])
      const pageRows = onPostSearch
        .filter((n) => n['Index Name'] === 'post_search_pkey')
        .reduce((sum, n) => sum + n['Actual Loops'] * n['Actual Rows'], 0)
      expect(pageRows, sort).toBe(9)
    }
  })

  it('PostgreSQL: a public search is counted from published_search_words alone, narrowed or not; other statuses from post_search', async () => {
    const db = blog.t.app.ctx.db
    const countPlan = async (q: SearchQuery) => plan(postgresSearchStatements(q, 'all').count(COUNT_LIMIT).compile(db))
    for (const q of [
      search(['fastify']),
      { ...search(['fastify']), tagKey: 'x' },
      { ...search(['fastify']), categoryId: 'c' },
    ]) {
      const found = await countPlan(q)
      expect(found, JSON.stringify(q)).toContain('published_search_words_idx')
      expect(found, JSON.stringify(q)).not.toMatch(/"Relation Name":"(post_search|posts|post_tags)"/)
    }
    for (const q of [search(['fastify'], 'latest', 'draft'), search(['fastify'], 'latest', null)]) {
      expect(await countPlan(q), JSON.stringify(q)).not.toContain('published_search_words')
    }
    // The totals are the published matches (posts i % 10 = 0 are drafts).
    const published = Array.from({ length: 400 }, (_, i) => i).filter((i) => i % 10 !== 0)
    for (const [words, expected] of [
      [['fastify'], 360],
      [['topic3'], published.filter((i) => i % 7 === 3).length],
      [['fas'], 360],
      [['zzqx'], 0],
    ] as const) {
      expect(
        (await postgresFewMatchesStatement(search([...words]), { limit: 9, offset: 0 }).execute(db)).rows[0]!.total,
        words.join(' '),
      ).toBe(expected)
    }
  })

  it('PostgreSQL: many matches by views walk the views index from the top, without sorting them', async () => {
    const found = await plan(
      postgresSearchStatements(search(['fastify'], 'popular'), 'all')
        .rows({ limit: 9, offset: 0 })
        .compile(blog.t.app.ctx.db),
    )
    expect(found).toContain('posts_status_views_idx')
    expect(found).not.toMatch(/"Node Type":"(Sort|Incremental Sort)"/)
  })

  it('PostgreSQL: a walk of the date index is planned for its own words at every run, never by a generic plan', async () => {
    await blog.t.app.ctx.db.connection().execute(async (conn) => {
      // "fastify" is in every post: more than can be sorted cheaply, so the pages of an admin's search of every
      // status walk the date index (public searches by date read time slices instead: search-slices.pg.test.ts).
      for (let i = 0; i < 8; i++) {
        const found = await searchPosts(conn, search(['fastify', `wor`], 'latest', null), { limit: 9, offset: i * 9 })
        expect(found.total).toBe(400)
        expect(found.hits).toHaveLength(9)
      }
      const named = await sql<{
        statement: string
      }>`select statement from pg_prepared_statements where statement not like '%pg_prepared_statements%'`.execute(conn)
      expect(named.rows.filter((r) => /published_at"? desc, "?s"?\."?post_id"? desc limit/.test(r.statement))).toEqual(
        [],
      )
      expect(named.rows.some((r) => r.statement.includes('materialized'))).toBe(true)
    })
  })
})
