import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createPublishedPost,
  failedStart,
  loginCookie,
  onTestServer,
  removeDirs,
  startServer,
  tempDataDir,
  testDatabase,
  type ServerProcess,
} from './server-process.ts'

// Runs only in the 'system' project when TEST_DATABASE_URL is set (see vitest.config.ts): CI always sets it.
const database = testDatabase('blog_outage')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function appSessions(): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return (await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [database.name]))
      .rows[0].n
  } finally {
    await client.end()
  }
}

/** Ends every session the app holds on its database, as a PostgreSQL restart or failover does. */
const terminateAppSessions = () =>
  onTestServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}'`)

/** Milliseconds until `ok()` holds, polling; fails after 10 s. */
async function msUntil(ok: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < 10_000) {
    if (await ok().catch(() => false)) return Date.now() - started
    await sleep(50)
  }
  throw new Error('not within 10 s')
}

const healthy = async (base: string) => (await fetch(`${base}/healthz`)).status === 200

describe('PostgreSQL connections dropped under a running server', () => {
  let server: ServerProcess
  let dataDir: string
  let post: { id: string; slug: string }
  const statuses = new Map<number, number>()
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1)

  beforeAll(async () => {
    await database.create()
    dataDir = tempDataDir()
    server = await startServer({ dataDir, databaseUrl: database.url })
    post = await createPublishedPost(server.base, await loginCookie(server.base), 'Outage target')
  })

  afterAll(async () => {
    await onTestServer(`ALTER DATABASE ${database.name} RESET ALL`).catch(() => {})
    await onTestServer(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`).catch(() => {})
    await server?.stop()
    removeDirs([dataDir])
    await database.drop()
  })

  /** Requests that each need the database (uncached searches, view beacons, health), counted by status. */
  async function load(until: () => boolean) {
    let i = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!until()) {
          const n = i++
          const res =
            n % 3 === 0
              ? await call(server.base, 'POST', `/api/posts/${post.id}/view`)
              : await fetch(`${server.base}/api/posts?search=${n % 3 === 1 ? 'outage' : `miss-${n}`}`)
          count(res.status)
          await res.arrayBuffer()
        }
      }),
    )
  }

  it('survives its idle connections being terminated', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => fetch(`${server.base}/api/posts?search=warm-${i}`)))
    expect(await appSessions()).toBeGreaterThan(0)
    await terminateAppSessions()
    await sleep(500)
    expect(server.child.exitCode).toBeNull()
    expect((await fetch(`${server.base}/api/posts?search=after-idle`)).status).toBe(200)
  })

  it('survives its connections being terminated under load: no crash, no 500, and back within seconds', async () => {
    let done = false
    const running = load(() => done)
    for (let round = 0; round < 5; round++) {
      await sleep(300)
      await terminateAppSessions()
    }
    await sleep(300)
    done = true
    await running
    expect(server.child.exitCode).toBeNull()
    expect(statuses.get(500) ?? 0).toBe(0)
    expect([...statuses.keys()].filter((s) => ![200, 204, 503].includes(s))).toEqual([])
    expect(statuses.get(200)).toBeGreaterThan(0)
    expect(await msUntil(() => healthy(server.base))).toBeLessThan(5000)
  })

  it('survives idle_session_timeout closing its idle connections', async () => {
    await onTestServer(`ALTER DATABASE ${database.name} SET idle_session_timeout = '200ms'`)
    await terminateAppSessions() // new sessions take the setting
    try {
      for (let round = 0; round < 3; round++) {
        await msUntil(async () => (await fetch(`${server.base}/api/posts?search=idle-${round}`)).status === 200)
        await Promise.all(
          Array.from({ length: 6 }, (_, i) => fetch(`${server.base}/api/posts?search=idle-${round}-${i}`)),
        )
        await sleep(600) // every pooled session is past its idle timeout
        expect(server.child.exitCode).toBeNull()
      }
      expect((await fetch(`${server.base}/api/posts?search=after-timeouts`)).status).toBe(200)
    } finally {
      await onTestServer(`ALTER DATABASE ${database.name} RESET idle_session_timeout`)
      await terminateAppSessions()
    }
  })

  it('while the database is down: cached pages still served, 503 with a clear message otherwise, /healthz says down; recovers by itself', async () => {
    const page = `${server.base}/blog/${post.slug}`
    expect((await fetch(page)).status).toBe(200)
    expect((await fetch(page)).status).toBe(200) // stored on its second read
    expect((await fetch(page)).headers.get('x-cache')).toBe('HIT')

    await onTestServer(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`)
    await terminateAppSessions()
    await sleep(1100) // past the cache's version check interval

    const cached = await fetch(page)
    expect(cached.status).toBe(200)
    expect(await cached.text()).toContain('Outage target')

    const api = await fetch(`${server.base}/api/posts?search=while-down`)
    expect(api.status).toBe(503)
    expect(api.headers.get('retry-after')).toBe('5')
    expect(await api.json()).toEqual({
      error: 'The blog cannot reach its database right now. Please try again in a few seconds.',
    })

    const html = await fetch(`${server.base}/category/none-such`, { headers: { accept: 'text/html' } })
    expect(html.status).toBe(503)
    expect(html.headers.get('content-type')).toContain('text/html')
    const body = await html.text()
    expect(body).toContain('The blog cannot reach its database right now.')
    expect(body).not.toMatch(/ALLOW_CONNECTIONS|accepting connections|at .*\.js/)

    const health = await fetch(`${server.base}/healthz`)
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ status: 'error', database: 'unreachable' })
    expect((await call(server.base, 'POST', `/api/posts/${post.id}/view`)).status).toBe(503)

    await onTestServer(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`)
    expect(await msUntil(() => healthy(server.base))).toBeLessThan(5000)
    expect((await fetch(`${server.base}/api/posts?search=back`)).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  })

  it('stops cleanly afterwards, with no unhandled error in its log', async () => {
    expect(await server.stop()).toBe(0)
    expect(server.output()).not.toMatch(/Unhandled|uncaught|"level":60/i)
  })
})

describe('start-up on PostgreSQL that cannot work says why in one line', () => {
  it('a database that does not exist', async () => {
    const missing = testDatabase('blog_missing')
    const result = await failedStart({ DATABASE_URL: missing.url })
    expect(result.code).toBe(1)
    expect(result.output).toMatch(
      new RegExp(
        `^blog: cannot start: PostgreSQL at [^ ]+ has no database "${missing.name}": create it \\(createdb ${missing.name}\\) or fix DATABASE_URL\n$`,
      ),
    )
  })

  it('a read-only database', async () => {
    const readOnly = testDatabase('blog_readonly')
    await readOnly.create()
    try {
      await onTestServer(`ALTER DATABASE ${readOnly.name} SET default_transaction_read_only = on`)
      const result = await failedStart({ DATABASE_URL: readOnly.url })
      expect(result.code).toBe(1)
      expect(result.output).toMatch(
        /^blog: cannot start: PostgreSQL at [^ ]+ is read-only \(a standby\?\): point DATABASE_URL at the primary\n$/,
      )
    } finally {
      await readOnly.drop()
    }
  })
})
