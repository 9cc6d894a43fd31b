import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPostsWithState } from '#server/features/posts/posts.bulk.ts'
import { postgresSearchStatements } from '#server/features/posts/search.postgres.ts'
import { pgPlanNodes } from '#test/support/query-plan.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { adminId } from './posts.fixtures.ts'
import { search } from './search-plans.fixtures.ts'

const POSTS = 300
/** More words in every post than PostgreSQL's default statistics track (1,000), as prose has. */
const COMMON = Array.from({ length: 1100 }, (_, i) => `common${i.toString(36)}`).join(' ')

describe('search word statistics (PostgreSQL: migration 20261126T1500)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    const db = t.app.ctx.db
    const author = await adminId(t)
    const base = Date.parse('2026-01-01T00:00:00.000Z')
    // Two posts in five hold a word beginning "quetz", in no title.
    await insertPostsWithState(
      db,
      Array.from({ length: POSTS }, (_, i) => {
        const at = new Date(base + i * 60_000).toISOString()
        return {
          id: crypto.randomUUID(),
          title: `Post ${i}`,
          slug: `post-${i}`,
          content: `${COMMON}${i % 5 < 2 ? ` quetzal${i % 3 ? 's' : ''}` : ''}`,
          excerpt: '',
          category_id: null,
          author_id: author,
          status: 'published',
          tags: '[]',
          reading_time: 1,
          views: 0,
          published_at: at,
          featured: 0,
          featured_at: null,
          created_at: at,
          updated_at: at,
        }
      }),
    )
    await sql`analyze`.execute(db)
  }, 120_000)
  afterAll(() => t.close())

  it('the planner knows how many posts a typed prefix matches when more words are common than the default tracks', async () => {
    const db = t.app.ctx.db
    const [scan] = await pgPlanNodes(
      db,
      sql`select 1 from published_search_words where words @@ to_tsquery('simple', 'quetz:*')`.compile(db),
    )
    // 120 posts match; with the default statistics the estimate is 0.5 % of the posts (1.5).
    expect(scan!['Plan Rows']).toBeGreaterThan(60)
    expect(scan!['Plan Rows']).toBeLessThan(240)
  })

  it('so a search for it walks the newest posts instead of sorting every match', async () => {
    const db = t.app.ctx.db
    const nodes = await pgPlanNodes(
      db,
      postgresSearchStatements(search(['quetz']), 'rest')
        .rows({ limit: 9, offset: 0 })
        .compile(db),
    )
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort')
    expect(nodes.map((n) => n['Index Name'])).toContain('post_search_status_idx')
  })
})
