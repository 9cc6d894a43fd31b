import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeDirs, startServer, tempDataDir, testDatabase, type ServerProcess } from './server-process.ts'

/**
 * Issue 13: server-rendered pages with a NUL, a lone surrogate or a bad escape in the path or query answered 500 on
 * PostgreSQL. They are cleaned like any API input (ADR 090) and find nothing: 404, never 5xx, on either engine.
 */
const EXPECTED: Record<string, number> = {
  '/blog/a%00b': 404,
  '/category/a%00': 404,
  '/tag/a%00b': 404,
  '/a%00b': 404,
  '/preview/a%00b': 404,
  '/blog/%E2%80%AEevil': 404,
  '/blog?q=a%00b&category=%00': 200,
  '/blog?q=%ED%A0%80&page=%00': 200,
  '/?p=%00': 200,
  // Not UTF-8 at all: the router cannot decode the path and refuses it.
  '/blog/%ED%A0%80': 400,
}

const engines = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)

describe.each(engines)('page paths with hostile text on %s', (engine) => {
  let server: ServerProcess
  const dataDir = tempDataDir()
  const database = engine === 'postgres' ? testDatabase('blog_pages') : undefined

  beforeAll(async () => {
    await database?.create()
    server = await startServer({ dataDir, databaseUrl: database?.url })
  })
  afterAll(async () => {
    await server?.stop()
    removeDirs([dataDir])
    await database?.drop()
  })

  it('answers 404 (or 200 for a list, 400 for a path that is not UTF-8), never a 5xx, and stays healthy', async () => {
    const answers: string[] = []
    for (const path of Object.keys(EXPECTED)) {
      const res = await fetch(`${server.base}${path}`)
      await res.arrayBuffer()
      answers.push(`${path} ${res.status}${res.status === 404 ? ` ${res.headers.get('content-type')}` : ''}`)
    }
    // The site's own 404 page, not an API answer.
    expect(answers).toEqual(
      Object.entries(EXPECTED).map(
        ([path, status]) => `${path} ${status}${status === 404 ? ' text/html; charset=utf-8' : ''}`,
      ),
    )
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200)
    expect(server.output()).not.toMatch(/invalid byte sequence|server rendering failed/)
  })
})
