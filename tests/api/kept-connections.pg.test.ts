import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '#server/db/client.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'

describe('PostgreSQL connections on a quiet site', () => {
  let t: TestApp
  let handle: DbHandle
  beforeAll(async () => {
    t = await createTestApp()
    // A pool of its own: the app's housekeeping would keep its connections busy, and so never idle.
    handle = openDatabase({ databaseUrl: t.databaseUrl!, dataDir: t.dataDir })
  })
  afterAll(async () => {
    await handle.close()
    await t.close()
  })

  const backend = async () =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid

  it("keeps its connection (and what it has planned) past node-postgres's 10 s idle timeout", async () => {
    const first = await backend()
    await new Promise((resolve) => setTimeout(resolve, 11_000))
    expect(await backend()).toBe(first)
  }, 20_000)
})
