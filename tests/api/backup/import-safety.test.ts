import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartForm as form } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { zipOf } from '#test/support/zip.ts'
import { fillSampleBlog } from './sample-blog.ts'
import { importAndWait } from '#test/support/import-job.ts'

describe('POST /api/admin/import: bad input is refused and nothing changes', () => {
  let t: TestApp
  let cookie: string
  let backup: Buffer
  const snapshot = async () => {
    const db = t.app.ctx.db
    const count = async (table: 'posts' | 'categories' | 'comments' | 'images' | 'redirects' | 'footer_pages') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    return {
      posts: await count('posts'),
      categories: await count('categories'),
      comments: await count('comments'),
      images: await count('images'),
      redirects: await count('redirects'),
      pages: await count('footer_pages'),
    }
  }

  beforeAll(async () => {
    t = await createTestApp()
    await fillSampleBlog(t)
    cookie = await t.login()
    backup = (await t.request({ method: 'GET', url: '/api/admin/backup', cookie })).rawPayload
  })
  afterAll(async () => t?.close())

  const post = (files: Record<string, { name: string; body: Buffer | string }>, query = '') =>
    importAndWait(t, { url: `/api/admin/import${query}`, cookie, ...form(files) })

  const cases: Array<[string, () => Promise<{ name: string; body: Buffer | string }>, number, RegExp]> = [
    [
      'a truncated archive',
      async () => ({ name: 'b.zip', body: backup.subarray(0, Math.floor(backup.length / 2)) }),
      400,
      /damaged or not a complete zip/,
    ],
    [
      'a corrupt archive (flipped bytes in the data)',
      async () => {
        const bad = Buffer.from(
          await zipOf({ 'manifest.json': JSON.stringify({ format: 'lab-blog-backup', version: 1 }).repeat(50) }),
        )
        for (let i = 40; i < 120; i++) bad[i] = bad[i]! ^ 0xff
        return { name: 'b.zip', body: bad }
      },
      400,
      /damaged|not valid JSON|lies about/,
    ],
    [
      'a manifest from a newer format version',
      async () => ({
        name: 'b.zip',
        body: await zipOf({
          'manifest.json': JSON.stringify({
            format: 'lab-blog-backup',
            version: 99,
            createdAt: '2030-01-01T00:00:00Z',
            app: 'lab-blog',
            engine: 'sqlite',
            withSecrets: false,
            counts: {},
          }),
        }),
      }),
      400,
      /newer version of the blog \(format 99\)/,
    ],
    [
      'a zip-slip path',
      async () => ({ name: 'b.zip', body: await zipWithName('../../etc/passwd', 'root:x:0:0') }),
      400,
      /unsafe path/,
    ],
    [
      'a zip bomb (1000:1)',
      async () => ({
        name: 'b.zip',
        body: await zipOf({ 'manifest.json': '{}', 'data/posts.jsonl': Buffer.alloc(50 * 1024 * 1024) }),
      }),
      400,
      /zip bomb/,
    ],
    [
      'a zip that lies about its sizes',
      async () => ({
        name: 'b.zip',
        body: lyingZip(await zipOf({ 'manifest.json': '{"format":"lab-blog-backup"}'.padEnd(4000, ' ') })),
      }),
      400,
      /lies about the size|damaged/,
    ],
    [
      'XML with an external entity (XXE)',
      async () => ({
        name: 'wp.xml',
        body: `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><item><title>&xxe;</title></item></channel></rss>`,
      }),
      400,
      /declares entities/,
    ],
    [
      'XML with a billion-laughs expansion',
      async () => ({
        name: 'wp.xml',
        body: `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;">]><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><item><title>&lol3;</title></item></channel></rss>`,
      }),
      400,
      /declares entities/,
    ],
    [
      'XML with an undeclared entity',
      async () => ({
        name: 'wp.xml',
        body: `<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><item><title>&nope;</title></item></channel></rss>`,
      }),
      400,
      /not well-formed/,
    ],
    [
      'a Ghost export with its content only in a field it does not know',
      async () => ({
        name: 'ghost.json',
        body: JSON.stringify({
          db: [
            {
              meta: { version: '9.0.0' },
              data: {
                posts: [{ id: '1', title: 'T', slug: 't', status: 'published', hologram: '{"root":{}}' }],
              },
            },
          ],
        }),
      }),
      400,
      /fields this importer does not know \(posts\.hologram\)/,
    ],
    [
      'a Ghost export that is cut short',
      async () => ({ name: 'ghost.json', body: '{"db":[{"data":{"posts":[{"id":"1"' }),
      400,
      /not valid JSON/,
    ],
    [
      'front matter with invalid YAML',
      async () => ({
        name: 'md.zip',
        body: await zipOf({
          'posts/good.md': '---\ntitle: Fine\n---\nBody',
          'posts/bad.md': '---\ntitle: [unclosed\n  - : :\n---\nBody',
        }),
      }),
      400,
      /posts\/bad\.md: the front matter is not valid YAML/,
    ],
    [
      'YAML front matter with an alias bomb',
      async () => ({
        name: 'md.zip',
        body: await zipOf({
          'a.md': `---\na: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [${'*a,'.repeat(60)}*a]\nc: [${'*b,'.repeat(60)}*b]\n---\nBody`,
        }),
      }),
      400,
      /not valid YAML/,
    ],
    [
      'a file in no known format',
      async () => ({ name: 'notes.txt', body: 'just some words' }),
      415,
      /no format the importer knows/,
    ],
    [
      'a zip in no known format',
      async () => ({ name: 'x.zip', body: await zipOf({ 'a.txt': 'hello' }) }),
      415,
      /no format the importer knows/,
    ],
    [
      'a gzip file',
      async () => ({ name: 'x.tar.gz', body: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]) }),
      415,
      /give a \.zip/,
    ],
  ]

  for (const [label, make, status, message] of cases) {
    it(`${label}: ${status}, content untouched`, async () => {
      const before = await snapshot()
      const res = await post({ file: await make() })
      expect(res.statusCode, res.body).toBe(status)
      expect(res.json().error).toMatch(message)
      expect(await snapshot()).toEqual(before)
    })
  }

  // The admin's import commits batch by batch (ADR 105): a failure takes its posts back and keeps what merges by name.
  it('a data line that is not valid stops the restore: no post is written, and the error says what stays', async () => {
    const before = await snapshot()
    const manifest = {
      format: 'lab-blog-backup',
      version: 1,
      createdAt: '2026-01-01T00:00:00Z',
      app: 'lab-blog',
      engine: 'sqlite',
      withSecrets: false,
      counts: { categories: 1, posts: 2 },
    }
    const post = (slug: string, extra = {}) =>
      JSON.stringify({
        id: crypto.randomUUID(),
        title: slug,
        slug,
        content: 'x',
        excerpt: 'x',
        featuredImage: null,
        categoryId: null,
        authorId: 'a',
        authorName: null,
        status: 'published',
        tags: [],
        metaTitle: null,
        metaDescription: null,
        readingTime: 1,
        views: 0,
        publishedAt: '2026-01-01T00:00:00.000Z',
        featured: false,
        featuredAt: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        ...extra,
      })
    const body = await zipOf({
      'manifest.json': JSON.stringify(manifest),
      'data/categories.jsonl': JSON.stringify({
        id: 'c1',
        name: 'Fresh category',
        slug: 'fresh-category',
        description: null,
        color: '#000000',
        createdAt: '2026-01-01T00:00:00Z',
      }),
      'data/posts.jsonl': `${post('fresh-one')}\n${post('fresh-two', { status: 'maybe' })}\n`,
    })
    const res = await importAndWait(t, { url: '/api/admin/import', cookie, ...form({ file: { name: 'b.zip', body } }) })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(/data\/posts\.jsonl, line 2: status/)
    expect(res.json().error).toMatch(/taken back; whatever else it had added \(categories/)
    expect(await snapshot()).toEqual({ ...before, categories: before.categories + 1 })
  })

  it('importing a backup into a blog that has it already merges by slug and reports every conflict', async () => {
    const before = await snapshot()
    const dry = await post({ file: { name: 'b.zip', body: backup } }, '?dryRun=1')
    expect(dry.statusCode).toBe(200)
    const report = dry.json()
    expect(report).toMatchObject({ format: 'backup', dryRun: true, conflicts: 4 })
    expect(report.created.posts).toBe(0)
    expect(
      report.skipped.filter((s: { kind: string }) => s.kind === 'posts').map((s: { reason: string }) => s.reason),
    ).toEqual(Array(4).fill('a post with this slug already exists'))
    const real = await post({ file: { name: 'b.zip', body: backup } })
    expect(real.json()).toMatchObject({ dryRun: false, conflicts: 4, created: { posts: 0, comments: 0 } })
    expect(await snapshot()).toEqual(before)
  })

  it('a dry run reports what would be created and writes nothing', async () => {
    const other = await createTestApp()
    try {
      const c = await other.login()
      const res = await importAndWait(other, {
        url: '/api/admin/import?dryRun=1',
        cookie: c,
        ...form({ file: { name: 'b.zip', body: backup } }),
      })
      expect(res.json()).toMatchObject({ dryRun: true, created: { posts: 4, comments: 3, images: 1 }, conflicts: 0 })
      expect((await other.request({ method: 'GET', url: '/api/posts' })).json()).toEqual([])
    } finally {
      await other.close()
    }
  }, 120_000)

  it('the job tells its format and last progress with the report', async () => {
    const res = await importAndWait(t, {
      url: '/api/admin/import?dryRun=1',
      cookie,
      ...form({ file: { name: 'b.zip', body: backup } }),
    })
    expect(res.job).toMatchObject({
      status: 'done',
      dryRun: true,
      fileName: 'b.zip',
      format: 'backup',
      progress: { phase: 'done', done: 1, total: 1 },
      error: null,
    })
    expect(res.job!.report).toMatchObject({ dryRun: true })
  })

  it('refuses anonymous callers, a missing file and a wrong field', async () => {
    expect(
      (await importAndWait(t, { url: '/api/admin/import', ...form({ file: { name: 'b.zip', body: backup } }) }))
        .statusCode,
    ).toBe(401)
    expect((await importAndWait(t, { url: '/api/admin/import', cookie, payload: {} })).statusCode).toBe(400)
    const wrong = await post({ other: { name: 'b.zip', body: backup } })
    expect(wrong.statusCode).toBe(400)
  })
})

/** yazl normalises names, so the hostile name is written into the headers afterwards (same length). */
async function zipWithName(name: string, body: string): Promise<Buffer> {
  const placeholder = 'x'.repeat(name.length)
  const zip = await zipOf({ [placeholder]: body })
  return Buffer.from(zip.toString('latin1').split(placeholder).join(name), 'latin1')
}

/** A stored entry whose central directory claims fewer bytes than it holds. */
function lyingZip(zip: Buffer): Buffer {
  const out = Buffer.from(zip)
  const central = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
  out.writeUInt32LE(10, central + 24)
  return out
}
