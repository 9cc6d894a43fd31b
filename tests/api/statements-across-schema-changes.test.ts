import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteFile } from '#server/db/client.ts'
import { createTestDatabase, TEST_ENGINE } from '#test/support/test-db.ts'

// Both engines keep statements prepared across requests (a statement cache on SQLite, named statements on
// PostgreSQL). Another instance may migrate the database meanwhile; a kept statement must answer as the table is now.
describe('a kept statement after another instance changes its table', () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>

  beforeAll(async () => {
    test = await createTestDatabase()
  })
  afterAll(() => test.dispose())

  /** DDL run from a connection of its own, as another instance's migration would. */
  async function elsewhere(statement: string) {
    if (TEST_ENGINE === 'sqlite') {
      const other = new SQLite(sqliteFile(test.dataDir))
      other.exec(statement)
      other.close()
      return
    }
    const other = new pg.Client({ connectionString: test.url })
    await other.connect()
    await other.query(statement)
    await other.end()
  }

  it('answers with the columns the table has now', async () => {
    const db = test.handle.db
    await sql`create table kept_statement_probe (a integer)`.execute(db)
    await sql`insert into kept_statement_probe (a) values (1)`.execute(db)
    const read = () => sql<Record<string, number>>`select * from kept_statement_probe where a = ${1}`.execute(db)
    await db.connection().execute(async (conn) => {
      const once = () => sql<Record<string, number>>`select * from kept_statement_probe where a = ${1}`.execute(conn)
      // Enough runs on one connection for PostgreSQL to keep a generic plan of the statement.
      for (let i = 0; i < 6; i++) expect((await once()).rows).toEqual([{ a: 1 }])
      await elsewhere('alter table kept_statement_probe add column b integer default 7')
      expect((await once()).rows).toEqual([{ a: 1, b: 7 }])
    })
    expect((await read()).rows).toEqual([{ a: 1, b: 7 }])
  })
})
