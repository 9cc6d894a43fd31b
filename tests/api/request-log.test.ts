import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { App } from '#server/context.ts'
import { loadEnv } from '#server/env.ts'
import { hashPassword } from '#server/features/auth/password.ts'
import { loggableUrl } from '#server/http/request-log.ts'
import { ORIGIN } from '#test/support/test-app.ts'
import { createTestDatabase } from '#test/support/test-db.ts'

let app: App
let dispose: () => Promise<void>
const lines: Array<Record<string, unknown>> = []
const raw: string[] = []

beforeAll(async () => {
  const database = await createTestDatabase()
  const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, SEED_DEMO: '0', DATA_DIR: database.dataDir })
  const stream = new Writable({
    write(chunk, _enc, done) {
      raw.push(String(chunk))
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  app = await buildApp({ database: database.handle, env, logger: { level: 'info', stream } })
  await app.ready()
  await database.handle.db
    .insertInto('users')
    .values({
      id: crypto.randomUUID(),
      username: 'admin',
      email: 'a@example.com',
      password_hash: await hashPassword('logged-password'),
      role: 'admin',
      created_at: new Date().toISOString(),
    })
    .execute()
  dispose = async () => {
    await app.close()
    await database.dispose()
  }
})
afterAll(() => dispose())

describe('request log', () => {
  it('one structured line per request, without cookies, passwords or secret query values', async () => {
    lines.length = 0
    raw.length = 0
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { username: 'admin', password: 'logged-password' },
    })
    const sid = login.cookies.find((c) => c.name === 'sid')!.value
    await app.inject({
      method: 'GET',
      url: '/api/auth/me?token=abc123&page=2',
      headers: { cookie: `sid=${sid}`, authorization: 'Bearer xyz' },
    })
    await app.inject({ method: 'GET', url: '/api/nope' })

    const requests = lines.filter((l) => l.msg === 'request')
    expect(requests).toHaveLength(3)
    expect(requests.map((l) => [l.method, l.url, l.status])).toEqual([
      ['POST', '/api/auth/login', 200],
      ['GET', '/api/auth/me?token=%5Bredacted%5D&page=2', 200],
      ['GET', '/api/nope', 404],
    ])
    for (const l of requests) {
      expect(l.reqId).toEqual(expect.anything())
      expect(l.ms).toEqual(expect.any(Number))
    }
    const everything = raw.join('')
    for (const secret of ['logged-password', sid, 'abc123', 'Bearer', 'cookie'])
      expect(everything).not.toContain(secret)
  })

  it('loggableUrl keeps harmless parameters and redacts secret ones', () => {
    expect(loggableUrl('/blog?q=fastify&page=2')).toBe('/blog?q=fastify&page=2')
    expect(loggableUrl('/x?password=hunter2&api_key=k&sessionId=s')).toBe(
      '/x?password=%5Bredacted%5D&api_key=%5Bredacted%5D&sessionId=%5Bredacted%5D',
    )
    expect(loggableUrl('/plain')).toBe('/plain')
  })
})
