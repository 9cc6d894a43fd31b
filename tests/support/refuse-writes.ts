import { sql } from 'kysely'
import pg from 'pg'
import type { TestApp } from './test-app.ts'

async function onServer(statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Ends every session of the database and waits until they are gone (their clients have heard by then). */
export async function endSessions(name: string): Promise<void> {
  await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`)
  for (let i = 0; i < 100; i++) {
    const { rows } = await onServer(`select count(*)::int as n from pg_stat_activity where datname = '${name}'`)
    if (rows[0].n === 0) return
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * Makes the test app's database refuse every write while reads go on, as a full disk or a read-only database does:
 * SQLite's query_only on its one connection; PostgreSQL's default_transaction_read_only for new sessions, with the
 * app's current sessions ended (the pool opens read-only ones).
 */
export async function refuseWrites(t: TestApp, refuse: boolean): Promise<void> {
  if (!t.databaseUrl) {
    await sql.raw(`pragma query_only = ${refuse ? 1 : 0}`).execute(t.app.ctx.db)
    return
  }
  const name = new URL(t.databaseUrl).pathname.slice(1)
  await onServer(
    `ALTER DATABASE ${name} ${refuse ? 'SET default_transaction_read_only = on' : 'RESET default_transaction_read_only'}`,
  )
  await endSessions(name)
}
