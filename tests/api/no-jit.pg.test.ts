import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresSearchStatement } from '#server/features/search/search.postgres.repo.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

describe('PostgreSQL connections run without JIT', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('compiles no statement, even one the planner thinks costly (a search by views at 100,000 posts spent 230 ms in JIT)', async () => {
    const db = t.app.ctx.db
    const statement = postgresSearchStatement(
      { words: ['kestrel'], status: 'published', sort: 'popular' },
      { limit: 9, offset: 0 },
    ).compile(db)
    const plan = await db.connection().execute(async (conn) => {
      expect((await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(conn)).rows[0]!.jit).toBe('off')
      // Every statement would be compiled if JIT were on (where the server has it).
      await sql`set jit_above_cost = 0`.execute(conn)
      try {
        const rows = (
          await conn.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain analyze ${statement.sql}`, [...statement.parameters]),
          )
        ).rows
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      } finally {
        await sql`reset jit_above_cost`.execute(conn)
      }
    })
    expect(plan).not.toMatch(/JIT:/)
  })
})
