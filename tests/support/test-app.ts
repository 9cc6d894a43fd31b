import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp } from '#server/app.ts'
import type { Clock } from '#server/clock.ts'
import type { App } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { loadEnv } from '#server/env.ts'
import { hashPassword } from '#server/features/auth/password.ts'
import { createTestDatabase } from './test-db.ts'

export const TEST_ADMIN = { username: 'admin', email: 'admin@example.com', password: 'correct-horse-battery' }
export const ORIGIN = 'http://localhost:3000'

export type TestApp = {
  app: App
  dataDir: string
  /** The PostgreSQL database's URL (undefined on SQLite), for a second instance on the same database. */
  databaseUrl: string | undefined
  close: () => Promise<void>
  /** Logs in as the test admin and returns a Cookie header value. */
  login: () => Promise<string>
  /** inject() with the site's own Origin (so state-changing requests pass the same-origin check). */
  request: (opts: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>
}

export async function createTestApp(
  opts: {
    clock?: Clock
    withAdmin?: boolean
    housekeepingEveryMs?: number
    publishEveryMs?: number
    newsletterEveryMs?: number
    engine?: 'sqlite' | 'postgres'
    env?: Record<string, string>
    /** A benchmark's name: its database is reused and kept (see createTestDatabase). */
    keep?: string
    /** Runs on the migrated database before the app is built and started (e.g. settings its start reads). */
    beforeStart?: (db: Db) => Promise<void>
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(opts.engine, opts.keep)
  await opts.beforeStart?.(database.handle.db)
  const env = loadEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    SEED_DEMO: '0',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    ...opts.env,
  })
  const app = await buildApp({
    database: database.handle,
    env,
    clock: opts.clock,
    housekeepingEveryMs: opts.housekeepingEveryMs,
    publishEveryMs: opts.publishEveryMs,
    newsletterEveryMs: opts.newsletterEveryMs,
  })
  await app.ready()

  if (opts.withAdmin !== false) {
    await database.handle.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        username: TEST_ADMIN.username,
        email: TEST_ADMIN.email,
        password_hash: await hashPassword(TEST_ADMIN.password),
        role: 'admin',
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }

  const request: TestApp['request'] = ({ cookie, headers, ...rest }) =>
    app.inject({ ...rest, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers } })

  const login = async () => {
    const res = await request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    })
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
    const sid = res.cookies.find((c) => c.name === 'sid')
    if (!sid) throw new Error('login set no session cookie')
    return `sid=${sid.value}`
  }

  return {
    app,
    dataDir: database.dataDir,
    databaseUrl: database.url,
    request,
    login,
    close: async () => {
      await app.close()
      await database.dispose()
    },
  }
}

/** Cookie header value from a response's Set-Cookie for the given name (e.g. the visitor cookie). */
export function cookieFrom(res: LightMyRequestResponse, name: string): string | undefined {
  const c = res.cookies.find((x) => x.name === name)
  return c ? `${name}=${c.value}` : undefined
}

/** Cookie header value of a visitor cookie the app itself could have issued (signed with its secret). */
export function signedVisitorCookie(t: TestApp, id: string = crypto.randomUUID()): string {
  return `vid=${t.app.ctx.keys.sign(id)}`
}
