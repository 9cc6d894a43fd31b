import { createHash, randomBytes } from 'node:crypto'
import sax from 'sax'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { encodePng } from '#server/features/seed/png.ts'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { zipOf } from '#test/support/zip.ts'
import { importAndWait } from '#test/support/import-job.ts'

const NOW = '2026-01-02T03:04:05.000Z'
const NUL = '\u0000'

type Rows = Record<string, Array<Record<string, unknown>>>

/** A backup file as an attacker would write it: a valid manifest and whatever records they like. */
function backupOf(rows: Rows): Promise<Buffer> {
  const counts = Object.fromEntries(Object.entries(rows).map(([kind, list]) => [kind, list.length]))
  const files: Record<string, string> = {
    'manifest.json': JSON.stringify({
      format: 'lab-blog-backup',
      version: 2,
      createdAt: NOW,
      app: 'lab-blog',
      engine: 'sqlite',
      withSecrets: true,
      counts,
    }),
  }
  for (const [kind, list] of Object.entries(rows))
    files[`data/${kind}.jsonl`] = list.map((r) => JSON.stringify(r)).join('\n')
  return zipOf(files)
}

const postRecord = (fields: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  title: 'A post',
  slug: 'a-post',
  content: 'Some words.',
  excerpt: 'Some words.',
  featuredImage: null,
  categoryId: null,
  authorId: 'nobody',
  authorName: null,
  status: 'published',
  tags: [],
  metaTitle: null,
  metaDescription: null,
  readingTime: 1,
  views: 0,
  publishedAt: NOW,
  featured: false,
  featuredAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...fields,
})

const setting = (key: string, value: string) => ({ key, value, createdAt: NOW, updatedAt: NOW })
const redirect = (fromPath: string, toPath: string) => ({
  id: crypto.randomUUID(),
  fromPath,
  toPath,
  source: 'manual',
  hits: 0,
  createdAt: NOW,
})

/** Every error a strict XML parser finds in `xml`. */
function xmlErrors(xml: string): string[] {
  const errors: string[] = []
  const parser = sax.parser(true)
  parser.onerror = (error) => {
    errors.push(error.message.split('\n')[0]!)
    parser.resume()
  }
  parser.write(xml).close()
  return errors
}

describe('hostile import files: everything an import writes passes the API checks', () => {
  let t: TestApp
  let cookie: string
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await t.login()
  })
  afterEach(async () => t?.close())

  const upload = (name: string, body: Buffer | string) =>
    importAndWait(t, { url: '/api/admin/import', cookie, ...multipartForm({ file: { name, body } }) })

  /** Every row of the tables an import writes text into, as one string. */
  const storedText = async () => {
    const db = t.app.ctx.db
    const tables = ['posts', 'comments', 'categories', 'footer_pages', 'site_settings', 'redirects', 'users'] as const
    const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()))
    return JSON.stringify(rows, (_key, value: unknown) => (value instanceof Uint8Array ? null : value))
  }

  it("a backup carrying a session for the admin's public id gives no cookie, and adds or replaces no user", async () => {
    await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie,
      payload: { title: 'Public post', content: 'Hello.', status: 'published' },
    })
    const authorId = (await t.request({ method: 'GET', url: '/api/posts' })).json()[0].authorId as string
    const usersBefore = await t.app.ctx.db.selectFrom('users').selectAll().orderBy('id').execute()
    const token = randomBytes(32).toString('base64url')
    const file = await backupOf({
      users: [
        { id: authorId, username: 'admin', email: 'attacker@evil.example', role: 'admin', createdAt: NOW },
        { id: 'evil-user', username: 'evil', email: 'evil@evil.example', role: 'admin', createdAt: NOW },
      ],
      sessions: [
        {
          id: createHash('sha256').update(token).digest('base64url'),
          userId: authorId,
          publicId: '',
          userAgent: null,
          ip: null,
          createdAt: NOW,
          lastSeenAt: new Date().toISOString(),
        },
      ],
      twoFactor: [{ userId: authorId, secret: 'JBSWY3DPEHPK3PXP', enabledAt: NOW, lastStep: null, createdAt: NOW }],
    })

    const res = await upload('backup.zip', file)
    expect(res.statusCode).toBe(200)
    const report = res.json()
    expect(report.created).toMatchObject({ users: 0, sessions: 0, twoFactor: 0 })
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'sessions', reason: expect.stringMatching(/--with-secrets/) }),
        expect.objectContaining({ kind: 'twoFactor', reason: expect.stringMatching(/--with-secrets/) }),
      ]),
    )
    const me = await t.request({ method: 'GET', url: '/api/auth/me', cookie: `sid=${token}` })
    expect(me.statusCode).toBe(401)
    expect(await t.app.ctx.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(usersBefore)
    expect(await t.app.ctx.db.selectFrom('user_two_factor').selectAll().execute()).toEqual([])
  })

  it('subscribers, profiles, analytics and the unsubscribe key are checked as the API checks them; addresses never reach the report', async () => {
    const post = postRecord({ slug: 'counted-post' })
    const subscriber = (id: string, email: string, status = 'subscribed') => ({
      id,
      email,
      status,
      confirmExpiresAt: null,
      confirmSentAt: null,
      confirmedAt: NOW,
      unsubscribedAt: null,
      createdAt: NOW,
      updatedAt: NOW,
    })
    // A format-3 row from before combinations (one dimension and value), and today's shape.
    const row = (dimension: string, value: string) => ({
      day: '2026-01-01',
      postId: post.id,
      dimension,
      value,
      views: 2,
      visitors: 1,
    })
    const combination = (referrer: string) => ({
      span: 'month',
      day: '2025-12-01',
      postId: post.id,
      source: 'Direct',
      referrer,
      device: 'desktop',
      browser: 'Firefox',
      views: 2,
      visitors: 1,
    })
    const { id: authorId } = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow()
    const file = await backupOf({
      users: [{ id: authorId, username: 'admin', email: 'admin@example.com', role: 'admin', createdAt: NOW }],
      authorProfiles: [
        { userId: authorId, displayName: 'Me', bio: null, avatar: 'https://evil.example/x.png', updatedAt: NOW },
      ],
      posts: [post],
      analytics: [
        row('device', 'mobile'),
        row('password', 'hunter2'),
        row('device', 'x'.repeat(201)),
        combination('ok.example'),
        combination('y'.repeat(201)),
      ],
      unsubscribeKey: [{ value: 'short', createdAt: NOW }],
      subscribers: [
        subscriber('sub-ok', 'Good.Reader@Example.com'),
        subscriber('sub-header', 'victim@example.com\r\nBcc: all@evil.example'),
        subscriber('sub-bad', 'not-an-address'),
        subscriber('sub-status', 'status@example.com', 'admin'),
      ],
    })
    const res = await upload('backup.zip', file)
    expect(res.statusCode, res.body).toBe(200)
    const report = res.json()
    expect(report.created).toMatchObject({
      authorProfiles: 0,
      posts: 1,
      analytics: 2,
      unsubscribeKey: 0,
      subscribers: 1,
    })
    expect(report.skipped.map((s: { kind: string; item: string }) => `${s.kind} ${s.item}`).sort()).toEqual([
      `analytics ${post.id} 2025-12-01 month`,
      `analytics ${post.id} 2026-01-01 device`,
      `analytics ${post.id} 2026-01-01 password`,
      `authorProfiles ${authorId}`,
      'subscribers sub-bad',
      'subscribers sub-header',
      'subscribers sub-status',
      'unsubscribeKey unsubscribe key',
    ])
    expect(JSON.stringify(report)).not.toMatch(/example\.com|not-an-address/i)
    const db = t.app.ctx.db
    expect(await db.selectFrom('subscribers').select(['id', 'email']).execute()).toEqual([
      { id: 'sub-ok', email: 'good.reader@example.com' },
    ])
    expect(await db.selectFrom('author_profiles').selectAll().execute()).toEqual([])
  })

  it('redirect targets that leave the site are refused, with the reason in the report', async () => {
    const file = await backupOf({
      redirects: [
        redirect('/go-script', 'javascript:alert(1)'),
        redirect('/go-phish', 'https://evil.example/phish'),
        redirect('/go-protocol-relative', '//evil.example/x'),
        redirect('/go-home', '/blog/a-post'),
      ],
    })
    const res = await upload('backup.zip', file)
    expect(res.statusCode).toBe(200)
    const refused = res
      .json()
      .skipped.filter((s: { kind: string }) => s.kind === 'redirects')
      .map((s: { item: string }) => s.item)
    expect(refused.sort()).toEqual(['/go-phish', '/go-protocol-relative', '/go-script'])
    for (const path of ['/go-script', '/go-phish', '/go-protocol-relative'])
      expect((await t.request({ method: 'GET', url: path })).statusCode, path).toBe(404)
    const home = await t.request({ method: 'GET', url: '/go-home' })
    expect(home.statusCode).toBe(301)
    expect(home.headers.location).toBe('/blog/a-post')
  })

  it("redirect rules pass the admin form's rule check: a rule to itself or from the site's own paths is refused", async () => {
    const file = await backupOf({
      redirects: [redirect('/loop', '/loop?'), redirect('/admin/x', '/elsewhere'), redirect('/kept', '/elsewhere')],
    })
    const res = await upload('backup.zip', file)
    expect(res.statusCode).toBe(200)
    const refused = res
      .json()
      .skipped.filter((s: { kind: string }) => s.kind === 'redirects')
      .map((s: { item: string; reason: string }) => `${s.item}: ${s.reason}`)
    expect(refused.sort()).toEqual([
      '/admin/x: From path: this path belongs to the site itself',
      '/loop: A redirect cannot point to itself',
    ])
  })

  it('footer pages whose address belongs to the site are refused, as the admin form refuses them', async () => {
    const page = (slug: string) => ({
      id: crypto.randomUUID(),
      title: `Page ${slug}`,
      slug,
      content: 'Some words.',
      featuredImage: null,
      metaTitle: null,
      metaDescription: null,
      active: true,
      sortOrder: 0,
      createdAt: NOW,
      updatedAt: NOW,
    })
    const res = await upload('backup.zip', await backupOf({ footerPages: [page('rss'), page('admin'), page('kept')] }))
    expect(res.statusCode).toBe(200)
    const refused = res
      .json()
      .skipped.filter((s: { kind: string }) => s.kind === 'footerPages')
      .map((s: { item: string; reason: string }) => `${s.item}: ${s.reason}`)
    expect(refused.sort()).toEqual([
      'admin: this address belongs to the site itself',
      'rss: this address belongs to the site itself',
    ])
    expect((await t.request({ method: 'GET', url: '/api/footer-pages/slug/kept' })).statusCode).toBe(200)
  })

  it('social links with data: or javascript: are refused; an https link is restored', async () => {
    const file = await backupOf({
      settings: [
        setting('x_url', 'javascript:alert(1)'),
        setting('instagram_url', 'data:text/html,<script>alert(1)</script>'),
        setting('linkedin_url', 'https://www.linkedin.com/in/someone'),
      ],
    })
    const res = await upload('backup.zip', file)
    expect(res.statusCode).toBe(200)
    expect(res.json().skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'settings', item: 'x_url' }),
        expect.objectContaining({ kind: 'settings', item: 'instagram_url' }),
      ]),
    )
    expect((await t.request({ method: 'GET', url: '/api/site-settings' })).json()).toEqual([
      { key: 'linkedin_url', value: 'https://www.linkedin.com/in/someone' },
      { key: 'instagram_url', value: '' },
      { key: 'x_url', value: '' },
    ])
    const home = await t.request({ method: 'GET', url: '/' })
    expect(home.body).not.toMatch(/javascript:alert|data:text\/html/)
  })

  it('an image record that says it is HTML, or a picture with markup inside, is refused', async () => {
    const png = encodePng(4, 4, () => [10, 200, 30])
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')])
    const name = (bytes: Buffer) => `${createHash('sha256').update(bytes).digest('hex')}.png`
    const image = (bytes: Buffer, mime: string) => ({
      fileName: name(bytes),
      mime,
      size: bytes.length,
      width: 4,
      height: 4,
      createdAt: NOW,
      altText: '',
      originalName: null,
    })
    const file = await zipOf({
      'manifest.json': JSON.stringify({
        format: 'lab-blog-backup',
        version: 2,
        createdAt: NOW,
        app: 'lab-blog',
        engine: 'sqlite',
        withSecrets: false,
        counts: { images: 2 },
      }),
      'data/images.jsonl': [image(png, 'text/html'), image(polyglot, 'image/png')]
        .map((r) => JSON.stringify(r))
        .join('\n'),
      [`media/${name(png)}`]: png,
      [`media/${name(polyglot)}`]: polyglot,
    })
    const res = await upload('backup.zip', file)
    expect(res.statusCode).toBe(200)
    expect(res.json().created.images).toBe(0)
    expect(
      res
        .json()
        .skipped.map((s: { item: string }) => s.item)
        .sort(),
    ).toEqual([name(png), name(polyglot)].sort())
    expect(await t.app.ctx.db.selectFrom('images').select('file_name').execute()).toEqual([])
  })

  const withNul: Array<[string, () => Promise<{ name: string; body: Buffer | string }>]> = [
    [
      'a backup',
      async () => ({
        name: 'backup.zip',
        body: await backupOf({
          categories: [
            {
              id: 'c1',
              name: `Nul${NUL}cat`,
              slug: 'nul-cat',
              description: `d${NUL}`,
              color: '#112233',
              createdAt: NOW,
            },
          ],
          posts: [
            postRecord({
              id: 'p1',
              title: `Nul${NUL} title`,
              slug: 'nul-post',
              content: `Body ${NUL}with a NUL`,
              excerpt: `Ex${NUL}cerpt`,
              tags: [`t${NUL}ag`],
              categoryId: 'c1',
            }),
          ],
          comments: [
            {
              id: 'k1',
              postId: 'p1',
              authorName: `Ann${NUL}`,
              authorEmail: null,
              content: `Nice${NUL}!`,
              approved: true,
              ip: null,
              createdAt: NOW,
              updatedAt: NOW,
            },
          ],
          settings: [setting('x_url', `https://x.com/${NUL}lab`)],
        }),
      }),
    ],
    [
      'a Ghost export',
      async () => ({
        name: 'ghost.json',
        body: JSON.stringify({
          db: [
            {
              meta: { version: '5.80.0' },
              data: {
                posts: [
                  {
                    id: 'g1',
                    title: `Ghost${NUL} title`,
                    slug: 'ghost-nul',
                    html: `<p>Ghost ${NUL}body</p>`,
                    custom_excerpt: `Ex${NUL}`,
                    status: 'published',
                    type: 'post',
                    created_at: NOW,
                    updated_at: NOW,
                    published_at: NOW,
                  },
                ],
                tags: [{ id: 't1', name: `Tag${NUL}`, slug: 'tag-nul' }],
                posts_tags: [{ id: 'pt1', post_id: 'g1', tag_id: 't1' }],
              },
            },
          ],
        }),
      }),
    ],
    [
      'a WordPress export',
      async () => ({
        name: 'wp.xml',
        body: `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/">
<channel><title>Old</title><link>https://old.example</link><wp:wxr_version>1.2</wp:wxr_version>
<item><title><![CDATA[WordPress${NUL} title]]></title><link>https://old.example/?p=5</link>
<dc:creator>me</dc:creator><content:encoded><![CDATA[<p>WP ${NUL}body</p>]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded><wp:post_id>5</wp:post_id><wp:post_date>2024-01-01 10:00:00</wp:post_date>
<wp:post_date_gmt>2024-01-01 10:00:00</wp:post_date_gmt><wp:post_name>wp-nul</wp:post_name><wp:status>publish</wp:status>
<wp:post_type>post</wp:post_type>
<wp:comment><wp:comment_author><![CDATA[Bob${NUL}]]></wp:comment_author><wp:comment_author_email>bob@example.com</wp:comment_author_email>
<wp:comment_date_gmt>2024-01-02 10:00:00</wp:comment_date_gmt><wp:comment_content><![CDATA[Hi${NUL}!]]></wp:comment_content>
<wp:comment_approved>1</wp:comment_approved><wp:comment_type>comment</wp:comment_type></wp:comment>
</item></channel></rss>`,
      }),
    ],
    [
      'a Markdown file',
      async () => ({
        name: 'post.md',
        body: `---\ntitle: "Mark\\0down title"\ndate: 2024-01-01\ntags: ["t\\0ag"]\n---\n\nBody ${NUL}with a NUL.\n`,
      }),
    ],
  ]

  it.each(withNul)(
    'NUL bytes in %s are cleaned away: stored without them, and /rss.xml stays valid XML',
    async (_name, make) => {
      const { name, body } = await make()
      const res = await upload(name, body)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().created.posts).toBe(1)
      expect(await storedText()).not.toContain('\\u0000')
      const rss = await t.request({ method: 'GET', url: '/rss.xml' })
      expect(rss.statusCode).toBe(200)
      expect(rss.body).toMatch(/title/)
      expect(xmlErrors(rss.body)).toEqual([])
    },
  )
})
