import { sql } from 'kysely'
import { afterAll, beforeAll, expect } from 'vitest'
import { insertPostsWithState } from '#server/features/posts/posts.bulk.ts'
import type { SearchQuery } from '#server/features/posts/search-tiers.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { TEST_ENGINE } from '#test/support/test-db.ts'
import { planProblems } from '#test/support/query-plan.ts'

const POSTS = ['posts', 'post_tags', 'post_search', 'published_search_words']

/** A blog of 400 posts about fastify (one in ten a draft) for the search-plan tests of each engine (docs/decisions/015). */
export function searchPlanBlog() {
  const blog = { t: undefined as unknown as TestApp }
  beforeAll(async () => {
    blog.t = await createTestApp()
    const db = blog.t.app.ctx.db
    const author = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
    const base = Date.parse('2026-01-01T00:00:00.000Z')
    await insertPostsWithState(
      db,
      Array.from({ length: 400 }, (_, i) => {
        const at = new Date(base + i * 60_000).toISOString()
        const published = i % 10 !== 0
        return {
          id: crypto.randomUUID(),
          title: `Post ${i} about fastify`,
          slug: `post-${i}`,
          content: `Words about topic${i % 7} and fastify, then more words.`,
          excerpt: `Post ${i}`,
          category_id: null,
          author_id: author,
          status: published ? 'published' : 'draft',
          tags: '[]',
          reading_time: 1,
          views: (i * 7) % 101,
          published_at: published ? at : null,
          featured: 0,
          featured_at: null,
          created_at: at,
          updated_at: at,
        }
      }),
    )
    if (TEST_ENGINE === 'postgres') await sql`analyze`.execute(db)
  })
  afterAll(() => blog.t.close())

  /** The query's plan, failing the test on a scan of posts. */
  const plan = async (query: { sql: string; parameters: readonly unknown[] }) => {
    const { plan, problems } = await planProblems(blog.t.app.ctx.db, TEST_ENGINE, query, {
      tables: POSTS,
      ordered: false,
    })
    expect(problems, plan).toEqual([])
    return plan
  }
  return { blog, plan }
}

export const search = (
  words: string[],
  sort: SearchQuery['sort'] = 'latest',
  status: SearchQuery['status'] = 'published',
): SearchQuery => ({ words, status, sort })
