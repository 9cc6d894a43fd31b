import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { call, createPublishedPost, loginCookie, removeDirs, startServer, tempDataDir } from './server-process.ts'

const FEDIFY = /"(@fedify\/[^"]+|@js-temporal\/polyfill)"/
const LOADED = /package loaded: (@fedify\/\S+|@js-temporal\/polyfill)/

/** The files `file` of the server bundle imports statically (import … from "./…"), and theirs, itself included. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const text = fs.readFileSync(file, 'utf8')
  for (const [, spec] of text.matchAll(/^import\s+(?:[^;"']*?\s+from\s+)?"(\.[^"]+)"/gm))
    staticImports(path.resolve(path.dirname(file), spec!), seen)
  return seen
}

/**
 * Fedify (@fedify/*, @js-temporal/polyfill) costs the server tens of MB and a slower start, so it is loaded only
 * while the fediverse is on (fediverse-loader.ts). The build keeps it in a chunk of its own (scripts/build-server.mjs).
 */
describe('Fedify only while the fediverse is on, in the production bundle', () => {
  const dirs: string[] = []
  afterAll(() => removeDirs(dirs))

  it('main.js and every chunk it imports statically import no Fedify; a chunk main.js imports dynamically does', () => {
    const atStart = staticImports(path.resolve('dist/server/main.js'))
    for (const file of atStart)
      expect(fs.readFileSync(file, 'utf8'), file).not.toMatch(new RegExp(`^import[^;]*${FEDIFY.source}`, 'm'))
    const main = fs.readFileSync('dist/server/main.js', 'utf8')
    const dynamic = [...main.matchAll(/\bimport\("(\.\/chunks\/[^"]+)"\)/g)].map(([, spec]) =>
      fs.readFileSync(path.resolve('dist/server', spec!), 'utf8'),
    )
    expect(dynamic.some((text) => FEDIFY.test(text))).toBe(true)
  })

  it('a server started with the fediverse off loads no Fedify for pages, posts or WebFinger, and loads it when switched on', async () => {
    const dataDir = tempDataDir()
    dirs.push(dataDir)
    // It is on in a new blog: switched off first, then the server started again.
    const first = await startServer({ dataDir })
    const off = { enabled: false, handle: 'blog' }
    expect(
      (await call(first.base, 'PUT', '/api/admin/fediverse', { cookie: await loginCookie(first.base), body: off }))
        .status,
    ).toBe(200)
    expect(await first.stop()).toBe(0)

    const hook = path.resolve('tests/system/report-package-loads.mjs')
    const server = await startServer({ dataDir, env: { NODE_OPTIONS: `--import=${hook}` } })
    try {
      expect(server.output()).toMatch(/package loaded: fastify/) // the hook reports
      const cookie = await loginCookie(server.base)
      const post = await createPublishedPost(server.base, cookie, 'Written while off')
      for (const url of ['/', '/blog', `/blog/${post.slug}`])
        expect((await call(server.base, 'GET', url)).status).toBe(200)
      const host = new URL(server.base).host
      expect((await call(server.base, 'GET', `/.well-known/webfinger?resource=acct:blog@${host}`)).status).toBe(404)
      expect(server.output()).not.toMatch(LOADED)

      const on = { enabled: true, handle: 'blog' }
      expect((await call(server.base, 'PUT', '/api/admin/fediverse', { cookie, body: on })).status).toBe(200)
      expect(server.output()).toMatch(/package loaded: @fedify\/fedify/)
      expect((await call(server.base, 'GET', `/.well-known/webfinger?resource=acct:blog@${host}`)).status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
