import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type DbHandle } from '#server/db/client.ts'
import { migrateToLatest } from '#server/db/migrate.ts'

/** Which engine this vitest project runs on: the 'api-pg' project sets TEST_ENGINE=postgres. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite'

function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function adminQuery(sqlText: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return await client.query(sqlText, params)
  } finally {
    await client.end()
  }
}

/**
 * pg-pool's end() resolves before its sockets have finished closing; dropping the database WITH (FORCE) then kills
 * a closing connection whose error nobody handles. Wait until the database has no sessions left.
 */
async function dropWhenIdle(name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await adminQuery('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
    if (rows[0].n === 0) break
    await new Promise((r) => setTimeout(r, 20))
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

/**
 * A fresh, migrated database of its own: a temp SQLite file, or a new PostgreSQL database dropped on close. With
 * `keep` (a benchmark's name), the database is named by it, reused if it exists (migrated to the latest) and kept on
 * close.
 */
export async function createTestDatabase(
  engine = TEST_ENGINE,
  keep?: string,
): Promise<{ handle: DbHandle; url: string | undefined; dataDir: string; dispose: () => Promise<void> }> {
  const dataDir = keep
    ? path.join(os.tmpdir(), `blog-kept-${keep}-${engine}`)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'blog-test-'))
  if (keep) fs.mkdirSync(dataDir, { recursive: true })
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL
    if (!base) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL')
    const name = keep ? `blog_kept_${keep.replace(/\W/g, '_')}` : `blog_test_${randomBytes(6).toString('hex')}`
    const exists = (await adminQuery('select 1 from pg_database where datname = $1', [name])).rowCount
    if (!exists) await adminQuery(`CREATE DATABASE ${name}`)
    const url = withDatabase(base, name)
    const handle = openDatabase({ databaseUrl: url, dataDir })
    await migrateToLatest(handle.db)
    return {
      handle,
      url,
      dataDir,
      dispose: async () => {
        await handle.close()
        if (keep) return
        await dropWhenIdle(name)
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const handle = openDatabase({ dataDir })
  await migrateToLatest(handle.db)
  return {
    handle,
    url: undefined,
    dataDir,
    dispose: async () => {
      await handle.close()
      if (keep) return
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
