import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onTestServer, startServer, tempDataDir, testDatabaseUrl, type ServerProcess } from './server-process.ts'

/**
 * Issue 13: server-rendered pages with a NUL, a lone surrogate or a bad escape in the path or query answered 500 on
 * PostgreSQL. They are cleaned like any API input (ADR 090) and find nothing: 404, never 5xx, on either engine.
 */
const PATHS = [
  '/blog/a%00b',
  '/category/a%00',
  '/tag/a%00b',
  '/a%00b',
  '/preview/a%00b',
  '/blog/%ED%A0%80',
  '/blog/%E2%80%AEevil',
  '/blog?q=a%00b&category=%00',
  '/blog?q=%ED%A0%80&page=%00',
  '/?p=%00',
]

const engines = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)

describe.each(engines)('page paths with hostile text on %s', (engine) => {
  let server: ServerProcess
  const dataDir = tempDataDir()
  const dbName = `blog_pages_${randomBytes(5).toString('hex')}`

  beforeAll(async () => {
    if (engine === 'postgres') await onTestServer(`CREATE DATABASE ${dbName}`)
    server = await startServer({ dataDir, ...(engine === 'postgres' ? { databaseUrl: testDatabaseUrl(dbName) } : {}) })
  })
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (engine === 'postgres') await onTestServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  })

  it('answers each with a page, never a 5xx, and stays healthy', async () => {
    const answers: string[] = []
    for (const path of PATHS) {
      const res = await fetch(`${server.base}${path}`)
      await res.arrayBuffer()
      answers.push(`${path} ${res.status}`)
    }
    expect(answers).toEqual(PATHS.map((p) => `${p} ${p.startsWith('/blog?') || p.startsWith('/?') ? 200 : 404}`))
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200)
    expect(server.output()).not.toMatch(/invalid byte sequence|server rendering failed/)
  })
})
