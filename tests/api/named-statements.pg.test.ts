import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '#test/support/test-db.ts'

// PostgreSQL parses and plans an unnamed statement on every run; reads are named so a connection keeps them.
describe('reads run as named statements on PostgreSQL', () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>

  beforeAll(async () => {
    test = await createTestDatabase('postgres')
  })
  afterAll(() => test.dispose())

  it('keeps a read prepared on its connection, and leaves writes unnamed', async () => {
    await test.handle.db.connection().execute(async (conn) => {
      const read = sql`select id from posts where slug = ${'no-such-post'}`
      await read.execute(conn)
      await read.execute(conn)
      await sql`update posts set views = views where slug = ${'no-such-post'}`.execute(conn)
      const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn)
      const statements = kept.rows.map((r) => r.statement)
      expect(statements).toContain(read.compile(conn).sql)
      expect(statements.some((s) => s.startsWith('update'))).toBe(false)
    })
  })
})
