import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  loginCookie,
  removeDirs,
  startServer,
  tempDataDir,
  testDatabase,
  type ServerProcess,
} from './server-process.ts'

// With TEST_DATABASE_URL (CI always sets it): two instances on one PostgreSQL database. Otherwise one on SQLite.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const database = onPostgres ? testDatabase('blog_schedule') : undefined

const SCHEDULE_AHEAD_MS = 3_000
/** The promise: on the site within a minute of its time. */
const WITHIN_MS = 60_000
const PUBLISHED_LOG = 'published scheduled posts'

const text = async (base: string, path: string) => {
  const res = await fetch(`${base}${path}`)
  return { status: res.status, body: await res.text() }
}

describe(`scheduled publishing on real server processes (${onPostgres ? 'two instances on PostgreSQL' : 'SQLite'})`, () => {
  const servers: ServerProcess[] = []
  const dirs: string[] = []

  beforeAll(async () => {
    await database?.create()
    const count = onPostgres ? 2 : 1
    for (let i = 0; i < count; i++) dirs.push(tempDataDir())
    servers.push(
      ...(await Promise.all(
        dirs.map((dataDir) => startServer({ dataDir, databaseUrl: database?.url, env: { LOG_LEVEL: 'info' } })),
      )),
    )
  })

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    removeDirs(dirs)
    await database?.drop()
  })

  it('publishes on time with no visitor traffic: site, feeds, sitemap, category and tag pages, exactly once', async () => {
    const [first] = servers
    const cookie = await loginCookie(first!.base)
    const suffix = randomBytes(3).toString('hex')
    const category = await call(first!.base, 'POST', '/api/categories', {
      cookie,
      body: { name: `Timely ${suffix}`, slug: `timely-${suffix}`, color: '#10b981' },
    })
    expect(category.status).toBe(201)
    const categoryId = ((await category.json()) as { id: string }).id

    const at = new Date(Date.now() + SCHEDULE_AHEAD_MS).toISOString()
    const title = `On the dot ${suffix}`
    const tag = `Punctual${suffix}`
    const created = await call(first!.base, 'POST', '/api/posts', {
      cookie,
      body: {
        title,
        content: 'Published by the server itself.',
        status: 'scheduled',
        publishedAt: at,
        categoryId,
        tags: [tag],
      },
    })
    expect(created.status).toBe(201)
    const post = (await created.json()) as { id: string; slug: string; status: string }
    expect(post.status).toBe('scheduled')

    // Before its time: hidden everywhere, on every instance (and these answers are now in each one's cache).
    const pages = ['/blog', '/rss.xml', `/category/timely-${suffix}`, `/tag/${tag.toLowerCase()}`, `/blog/${post.slug}`]
    for (const server of servers) {
      for (const path of pages)
        expect((await text(server.base, path)).body, `${server.base}${path}`).not.toContain(title)
      expect((await text(server.base, `/blog/${post.slug}`)).status).toBe(404)
      expect((await text(server.base, '/sitemap.xml')).body).not.toContain(`/blog/${post.slug}<`)
    }

    // Nobody visits: the servers must publish it by themselves, within the promised minute (each looks every 10 s),
    // and every instance drops its cached answers (its post page, cached as a 404 above, shows it then).
    const deadline = Date.parse(at) + WITHIN_MS
    const shown = async () =>
      (await Promise.all(servers.map((s) => text(s.base, `/blog/${post.slug}`)))).every((r) => r.status === 200)
    while (Date.now() < deadline && !(await shown())) await new Promise((resolve) => setTimeout(resolve, 500))

    for (const server of servers) {
      const postPage = await text(server.base, `/blog/${post.slug}`)
      expect(postPage.status, server.base).toBe(200)
      expect(postPage.body).toContain(title)
      for (const path of pages) expect((await text(server.base, path)).body, `${server.base}${path}`).toContain(title)
      expect((await text(server.base, '/sitemap.xml')).body).toContain(`/blog/${post.slug}<`)
      expect((await text(server.base, `/tag/${tag.toLowerCase()}/rss.xml`)).body).toContain(`/blog/${post.slug}<`)
      expect((await text(server.base, `/category/timely-${suffix}/rss.xml`)).body).toContain(`/blog/${post.slug}<`)
    }

    // Exactly one instance published it, once.
    const publications = servers
      .flatMap((s) => s.output().split('\n'))
      .filter((line) => line.includes(PUBLISHED_LOG) && line.includes(post.id))
    expect(publications).toHaveLength(1)
  })
})
