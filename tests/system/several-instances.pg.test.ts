import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodePng } from '#server/features/seed/png.ts'
import {
  call,
  cookiesOf,
  createPublishedPost,
  loginCookie,
  removeDirs,
  startServer,
  tempDataDir,
  testDatabase,
  type ServerProcess,
} from './server-process.ts'

// Runs only in the 'system' project when TEST_DATABASE_URL is set (see vitest.config.ts): CI always sets it.
const database = testDatabase('blog_multi')

describe('two instances on one PostgreSQL database', () => {
  let a: ServerProcess
  let b: ServerProcess
  const dirs: string[] = []

  beforeAll(async () => {
    await database.create()
    dirs.push(tempDataDir(), tempDataDir())
    const env = { LIKES_PER_NETWORK: '100' }
    // Started together: migrations and bootstrap must serialise by themselves.
    ;[a, b] = await Promise.all([
      startServer({ dataDir: dirs[0]!, databaseUrl: database.url, env }),
      startServer({ dataDir: dirs[1]!, databaseUrl: database.url, env }),
    ])
  })

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    removeDirs(dirs)
    await database.drop()
  })

  it('started together without trouble: one admin, five footer pages', async () => {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    const users = await client.query("select count(*)::int as n from users where role = 'admin'")
    const pages = await client.query('select count(*)::int as n from footer_pages')
    await client.end()
    expect(users.rows[0].n).toBe(1)
    expect(pages.rows[0].n).toBe(5)
  })

  it('a session made on one works on the other', async () => {
    const cookie = await loginCookie(a.base)
    const me = await call(b.base, 'GET', '/api/auth/me', { cookie })
    expect(me.status).toBe(200)
    await call(b.base, 'POST', '/api/auth/logout', { cookie })
    expect((await call(a.base, 'GET', '/api/auth/me', { cookie })).status).toBe(401)
  })

  it("a post published through one appears on the other's pages within a second", async () => {
    const cookie = await loginCookie(a.base)
    const warm = await (await fetch(`${b.base}/blog`)).text()
    const title = `Fresh from A ${randomBytes(3).toString('hex')}`
    expect(warm).not.toContain(title)
    const post = await createPublishedPost(a.base, cookie, title)
    const deadline = Date.now() + 1000
    let seen = false
    while (!seen && Date.now() < deadline) {
      const [list, page] = await Promise.all([
        fetch(`${b.base}/blog`).then((r) => r.text()),
        fetch(`${b.base}/blog/${post.slug}`),
      ])
      seen = list.includes(title) && page.status === 200
      if (!seen) await new Promise((r) => setTimeout(r, 50))
    }
    expect(seen).toBe(true)
  })

  it('an image uploaded through one is served by the other', async () => {
    const cookie = await loginCookie(a.base)
    const png = encodePng(8, 8, (x, y) => [x * 30, y * 30, 120])
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png')
    const upload = await fetch(`${a.base}/api/upload-image`, {
      method: 'POST',
      headers: { origin: a.base, cookie },
      body: form,
    })
    expect(upload.status).toBe(201)
    const { url } = (await upload.json()) as { url: string }
    const served = await fetch(`${b.base}${url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await served.arrayBuffer()).subarray(0, 8)).toEqual(png.subarray(0, 8))
    // Its variants were made once, at upload, and live in the shared database too.
    const avif = await fetch(`${b.base}${url.replace(/\.png$/, '-480.avif')}`)
    expect(avif.status).toBe(200)
    expect(avif.headers.get('content-type')).toBe('image/avif')
  })

  it('likes sent to both at once add up exactly', async () => {
    const cookie = await loginCookie(a.base)
    const post = await createPublishedPost(a.base, cookie, `Liked on both ${randomBytes(3).toString('hex')}`)
    const results = await Promise.all(
      // 60 readers: one network may add only 10 likes to a post a day, so each sends its own user agent and the
      // cap is raised for this pair of instances.
      Array.from({ length: 60 }, (_, i) =>
        call(i % 2 ? a.base : b.base, 'POST', `/api/posts/${post.id}/like`, {
          headers: { 'user-agent': `Reader ${i}` },
        }),
      ),
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    const visitors = results.map(cookiesOf)
    expect(new Set(visitors).size).toBe(60)
    const [countA, countB] = await Promise.all(
      [a, b].map(
        async (s) => ((await (await fetch(`${s.base}/api/posts/${post.id}/likes`)).json()) as { count: number }).count,
      ),
    )
    expect(countA).toBe(60)
    expect(countB).toBe(60)
  })
})
