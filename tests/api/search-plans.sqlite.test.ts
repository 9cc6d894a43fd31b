import { describe, expect, it } from 'vitest'
import { searchPosts, sqliteSearchStatements } from '#server/features/posts/posts.search.repo.ts'
import { popularWalk } from '#server/features/posts/search.sqlite.ts'
import { COUNT_LIMIT } from '#server/features/posts/search-tiers.ts'
import { search, searchPlanBlog } from './search-plans.fixtures.ts'

describe('search plans on SQLite (docs/decisions/015)', () => {
  const { blog, plan } = searchPlanBlog()

  it('SQLite: a public search reads published rows only (row numbers from 0 up), newest first and forwards, without sorting', async () => {
    const db = blog.t.app.ctx.db
    for (const tier of ['all', 'title', 'rest'] as const) {
      for (const sort of ['latest', 'oldest'] as const) {
        const found = await plan(
          sqliteSearchStatements(search(['fastify', 'wor'], sort), tier)
            .rows({ limit: 9, offset: 0 })
            .compile(db),
        )
        // FTS5's index string: M for the match, > for a lower bound on the row number.
        expect(found, `${tier} ${sort}`).toMatch(/VIRTUAL TABLE INDEX \d+:M\d+>/)
        expect(found, `${tier} ${sort}`).not.toMatch(/TEMP B-TREE/)
        // FTS5's plan number: 0x80 when it reads its lists backwards, which costs more the longer they are (docs/decisions/016).
        expect(Number(/INDEX (\d+):/.exec(found)![1]) & 0x80, `${tier} ${sort} reads backwards`).toBe(
          sort === 'oldest' ? 0x80 : 0,
        )
      }
      expect(
        await plan(
          sqliteSearchStatements(search(['fastify']), tier)
            .count(COUNT_LIMIT)
            .compile(db),
        ),
      ).toMatch(/INDEX \d+:M\d+>/)
    }
    const drafts = await searchPosts(db, search(['fastify'], 'latest', 'draft'), { limit: 100, offset: 0 })
    expect(drafts.total).toBe(40)
    expect((await searchPosts(db, search(['fastify']), { limit: 9, offset: 0 })).total).toBe(360)
  })

  it("SQLite: an admin's search of every status reads published rows and the others each in the index's order, never sorting every match", async () => {
    const db = blog.t.app.ctx.db
    for (const sort of ['latest', 'oldest'] as const) {
      const found = await plan(
        sqliteSearchStatements(search(['fastify'], sort, null), 'all')
          .rows({ limit: 9, offset: 18 })
          .compile(db),
      )
      // FTS5's index string: > for a lower bound on the row number (published, from 0 up), < for an upper one.
      expect(found, sort).toMatch(/VIRTUAL TABLE INDEX \d+:M\d+>/)
      expect(found, sort).toMatch(/VIRTUAL TABLE INDEX \d+:M\d+</)
    }
  })

  it('SQLite: many matches by views walk the views index, each post looked up in the full-text index by its row number', async () => {
    const db = blog.t.app.ctx.db
    const found = await plan(popularWalk(search(['fastify'], 'popular'), { limit: 9, offset: 0 }).compile(db))
    expect(found).toMatch(/posts_status_views_idx/)
    expect(found).toMatch(/VIRTUAL TABLE INDEX \d+:=M/)
    expect(found).not.toMatch(/TEMP B-TREE/)
    // "fastify" is in every post: past the cap, so the walk answers (search-paging.test.ts checks its order).
    const walked = await searchPosts(db, search(['fastify'], 'popular'), { limit: 9, offset: 0 })
    expect(walked.total).toBe(360)
    expect(walked.hits).toHaveLength(9)
  })
})
