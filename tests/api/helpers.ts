import type { LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { App } from '#server/context.ts'
import { loadEnv } from '#server/env.ts'
import { createTestDatabase } from '#test/support/test-db.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { adminCookie } from './posts.fixtures.ts'

type Closable = { close: () => Promise<void> }

/** For one test file: `testApp()` makes an app (createTestApp), and every app made or `track`ed is closed after each test. */
export function appsClosedAfterEach() {
  const open: Closable[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()))
  })
  const track = <T extends Closable>(t: T): T => {
    open.push(t)
    return t
  }
  return {
    track,
    testApp: async (opts: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> =>
      track(await createTestApp(opts)),
  }
}

export type AdminTestApp = TestApp & { readonly cookie: string }

/**
 * For a test file or describe block: one app with a session for the test admin (`cookie`), made before its tests
 * and closed after them. Use it inside tests and hooks only.
 */
export function adminAppForAll(opts: Parameters<typeof createTestApp>[0] = {}): AdminTestApp {
  let current: TestApp | undefined
  let cookie = ''
  beforeAll(async () => {
    current = await createTestApp(opts)
    cookie = await adminCookie(current)
  })
  afterAll(() => current?.close())
  const live = () => {
    if (!current) throw new Error('adminAppForAll: used outside a test or hook')
    return current
  }
  return {
    get app() {
      return live().app
    },
    get dataDir() {
      return live().dataDir
    },
    get databaseUrl() {
      return live().databaseUrl
    },
    get cookie() {
      live()
      return cookie
    },
    request: (opts) => live().request(opts),
    login: () => live().login(),
    close: () => live().close(),
  }
}

/** An app with environment overrides (e.g. an https PUBLIC_URL), for the few tests createTestApp cannot express. */
export async function appWithEnv(overrides: Record<string, string>): Promise<{ app: App; close: () => Promise<void> }> {
  const database = await createTestDatabase()
  const env = loadEnv({
    NODE_ENV: 'test',
    SEED_DEMO: '0',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    ...overrides,
  })
  const app = await buildApp({ database: database.handle, env })
  await app.ready()
  return {
    app,
    close: async () => {
      await app.close()
      await database.dispose()
    },
  }
}

/** The raw Set-Cookie header for a cookie name. */
export function setCookieHeader(res: LightMyRequestResponse, name: string): string | undefined {
  const raw = res.headers['set-cookie']
  const all = Array.isArray(raw) ? raw : raw ? [raw] : []
  return all.find((c) => c.startsWith(`${name}=`))
}

export { multipart } from '#test/support/multipart.ts'
