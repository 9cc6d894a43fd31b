import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodePng } from '#server/features/seed/png.ts'
import {
  call,
  loginCookie,
  removeDirs,
  runCli,
  startServer,
  tempDataDir,
  testDatabase,
  type ServerProcess,
} from './server-process.ts'

// Runs only in the 'system' project when TEST_DATABASE_URL is set (see vitest.config.ts).
const database = testDatabase('blog_backup_rt')

/** `npm run import -- FILE` against a DATA_DIR / DATABASE_URL, as an operator runs it on the server. */
async function cliImport(file: string, where: { dataDir: string; databaseUrl?: string }): Promise<string> {
  const run = await runCli('backup-cli.js', ['import', file], where)
  if (run.code !== 0) throw new Error(`import failed (${run.code}):\n${run.output}`)
  return run.output
}

async function fillBlog(base: string): Promise<{ slugs: string[]; image: string }> {
  const cookie = await loginCookie(base)
  const json = async (method: string, url: string, body: unknown) => {
    const res = await call(base, method, url, { cookie, body })
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return res.json() as Promise<{ id: string; slug: string }>
  }
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(encodePng(24, 12, (x, y) => [x * 10, y * 20, 120]))]), 'cover.png')
  const upload = (await (
    await fetch(`${base}/api/upload-image`, { method: 'POST', headers: { origin: base, cookie }, body: form })
  ).json()) as { url: string }
  const science = await json('POST', '/api/categories', {
    name: 'Science',
    slug: 'science',
    description: 'Lab notes',
    color: '#10b981',
  })
  const posts = [
    {
      title: 'Cells and code',
      content: `![A cell](${upload.url})\n\n## Intro\n\nA **bold** start.\n\n\`\`\`js\nconst x = 1\n\`\`\``,
      categoryId: science.id,
      tags: ['Biology', 'JS'],
      status: 'published',
      featured: true,
    },
    {
      title: 'Morning runs',
      content: 'Run every day.\n\n- one\n- two',
      tags: ['Habits'],
      status: 'published',
      metaTitle: 'Runs',
      metaDescription: 'Why I run',
    },
    { title: 'Unfinished thoughts', content: 'Draft text', status: 'draft' },
    { title: 'Coming soon', content: 'Later.', status: 'scheduled', publishedAt: '2099-01-01T00:00:00.000Z' },
  ]
  const created = []
  for (const p of posts) created.push(await json('POST', '/api/posts', p))
  const comment = (await json('POST', `/api/posts/${created[0]!.id}/comments`, {
    authorName: 'Reader',
    content: 'Great post!',
  })) as { id: string }
  await call(base, 'PUT', `/api/admin/comments/${comment.id}/approve`, { cookie })
  await call(base, 'POST', `/api/posts/${created[0]!.id}/like`)
  await json('POST', '/api/redirects', { fromPath: '/old-cells', toPath: `/blog/${created[0]!.slug}` })
  await json('PUT', '/api/site-settings', { settings: [{ key: 'x_url', value: 'https://x.com/lab' }] })
  await json('POST', '/api/footer-pages', { title: 'Colophon', content: 'Made with care.' })
  return { slugs: created.map((c) => c.slug), image: upload.url }
}

/** Every public page (server-rendered HTML), feed and API answer, with the instance's own origin taken out. */
async function publicAnswers(base: string, slugs: string[], image: string): Promise<Record<string, string>> {
  const urls = [
    '/',
    '/blog',
    '/blog?page=2',
    '/category/science',
    '/tag/habits',
    '/about',
    '/colophon',
    '/no-such-page',
    '/old-cells',
    ...slugs.map((s) => `/blog/${s}`),
    '/rss.xml',
    '/category/science/rss.xml',
    '/tag/biology/rss.xml',
    '/sitemap.xml',
    '/sitemaps/posts-1.xml',
    '/sitemaps/pages.xml',
    '/robots.txt',
    '/api/posts',
    '/api/posts?sort=popular',
    '/api/posts?tag=habits',
    '/api/categories',
    '/api/footer-pages',
    '/api/site-settings',
    ...slugs.map((s) => `/api/posts/slug/${s}`),
    image,
  ]
  const out: Record<string, string> = {}
  for (const url of urls) {
    const res = await fetch(`${base}${url}`, { redirect: 'manual' })
    const type = res.headers.get('content-type') ?? ''
    // The page's query cache records when it was filled: the only part of a page that is about the moment, not the content.
    const text = () =>
      res.text().then((t) =>
        t
          .replaceAll(base, 'ORIGIN')
          // The fediverse handle names the host with its port (@blog@127.0.0.1:PORT), which differs per server.
          .replaceAll(new URL(base).host, 'HOST')
          .replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0'),
      )
    const body = type.startsWith('image/') ? Buffer.from(await res.arrayBuffer()).toString('base64') : await text()
    out[url] = `${res.status} ${type} ${(res.headers.get('location') ?? '').replace(base, 'ORIGIN')}\n${body}`
  }
  return out
}

describe('backup round trip on the production build: SQLite → PostgreSQL → SQLite, every page, feed and API answer the same', () => {
  const dirs = [tempDataDir(), tempDataDir(), tempDataDir(), tempDataDir()]
  const servers: ServerProcess[] = []

  beforeAll(() => database.create())
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    removeDirs(dirs)
    await database.drop()
  })

  const download = async (base: string, file: string) => {
    const res = await call(base, 'GET', '/api/admin/backup', { cookie: await loginCookie(base) })
    expect(res.status).toBe(200)
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()))
    return file
  }

  const same = (after: Record<string, string>, before: Record<string, string>) => {
    for (const url of Object.keys(before)) expect(after[url], url).toBe(before[url])
  }

  /** The admin's view of the scheduled post: still scheduled for its time, not turned into a draft. */
  const scheduled = async (base: string) => {
    const res = await call(base, 'GET', '/api/posts/slug/coming-soon', { cookie: await loginCookie(base) })
    return (await res.json()) as { status: string; publishedAt: string }
  }

  it('answers the same after each restore', async () => {
    const original = await startServer({ dataDir: dirs[0]! })
    servers.push(original)
    const { slugs, image } = await fillBlog(original.base)
    const before = await publicAnswers(original.base, slugs, image)
    expect(before['/blog/cells-and-code']).toMatch(
      /^200 text\/html[\s\S]*<h1[^>]*>Cells and code<\/h1>[\s\S]*Great post!/,
    )
    expect(before['/old-cells']).toMatch(/^301 \S+ \S+ \/blog\/cells-and-code/)

    // Downloaded from the Settings tab, restored on the server's command line into an empty PostgreSQL database.
    const first = await download(original.base, path.join(dirs[3]!, 'first.zip'))
    expect(
      JSON.parse((await cliImport(first, { dataDir: dirs[1]!, databaseUrl: database.url })).replace(/^[^{]*/, '')),
    ).toMatchObject({ skippedCount: 0, created: { posts: 4 } })
    const onPg = await startServer({ dataDir: dirs[1]!, databaseUrl: database.url })
    servers.push(onPg)
    same(await publicAnswers(onPg.base, slugs, image), before)
    expect(await scheduled(onPg.base)).toMatchObject({ status: 'scheduled', publishedAt: '2099-01-01T00:00:00.000Z' })

    // And back into an empty SQLite blog.
    const second = await download(onPg.base, path.join(dirs[3]!, 'second.zip'))
    await cliImport(second, { dataDir: dirs[2]! })
    const again = await startServer({ dataDir: dirs[2]! })
    servers.push(again)
    same(await publicAnswers(again.base, slugs, image), before)
    expect(await scheduled(again.base)).toMatchObject({ status: 'scheduled', publishedAt: '2099-01-01T00:00:00.000Z' })
  })
})
