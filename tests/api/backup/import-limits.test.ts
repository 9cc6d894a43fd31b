import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { zipOf } from '#test/support/zip.ts'
import { importAndWait } from '#test/support/import-job.ts'

/** Markdown that deflates about 60:1, well under the 200:1 a zip bomb is refused at. */
function largeMarkdown(bytes: number): Buffer {
  const lines = ['---\ntitle: A long post\n---\n']
  let size = lines[0]!.length
  while (size < bytes) {
    const line = `${'Words of a long post, again and again and again and again. '.repeat(4)}${randomBytes(2).toString('hex')}\n`
    lines.push(line)
    size += line.length
  }
  return Buffer.from(lines.join(''))
}

const ghostPost = (id: string, fields: Record<string, unknown>) => ({
  id,
  title: `Post ${id}`,
  slug: `post-${id}`,
  status: 'published',
  type: 'post',
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  published_at: '2024-01-01T00:00:00.000Z',
  ...fields,
})
const ghostExport = (posts: unknown[]) => JSON.stringify({ db: [{ data: { posts, tags: [], posts_tags: [] } }] })

describe('imports stay inside their bounds: clear 413 and 400 answers, never a stall or a 500', () => {
  let t: TestApp
  let cookie: string
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await t.login()
  })
  afterEach(async () => t?.close())

  const upload = (name: string, body: Buffer | string) =>
    importAndWait(t, { url: '/api/admin/import', cookie, ...multipartForm({ file: { name, body } }) })

  it('a zip of Markdown files larger than a post can hold is refused with 413 before any is read', async () => {
    const big = largeMarkdown(2 * 1024 * 1024)
    const zip = await zipOf({ 'posts/a.md': big, 'posts/b.md': big, 'posts/c.md': big })
    expect(big.length / zip.length).toBeLessThan(200)
    const res = await upload('site.zip', zip)
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toBe('posts/a.md is larger than 1 MB, more than a post can hold')
    expect(await t.app.ctx.db.selectFrom('posts').select('id').execute()).toEqual([])
  })

  it('Markdown files that each fit but hold more than 128 MB in all are refused with 413', async () => {
    const file = largeMarkdown(1000 * 1024)
    const files = Object.fromEntries(Array.from({ length: 140 }, (_, i) => [`posts/p${i}.md`, file]))
    const res = await upload('site.zip', await zipOf(files))
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toBe('The Markdown files hold more than 128 MB in all: import the site in parts')
  })

  it('a Ghost export over 128 MB, streamed to the server, is refused with 413', async () => {
    const boundary = '----limits'
    const post = JSON.stringify(ghostPost('x', { html: `<p>${'text '.repeat(20_000)}</p>` }))
    const chunks = Math.ceil((129 * 1024 ** 2) / post.length)
    async function* body() {
      yield `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ghost.json"\r\nContent-Type: application/json\r\n\r\n`
      yield '{"db":[{"data":{"posts":['
      for (let i = 0; i < chunks; i++) yield i ? `,${post}` : post
      yield '],"tags":[],"posts_tags":[]}}]}'
      yield `\r\n--${boundary}--\r\n`
    }
    const res = await importAndWait(t, {
      url: '/api/admin/import',
      cookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toBe('The Ghost export is larger than 128 MB: import the site in parts')
  })

  it('a WordPress export over 128 MB, streamed to the server, is refused with 413', async () => {
    const boundary = '----limits'
    const item = `<item><title>x</title><content:encoded><![CDATA[<p>${'text '.repeat(20_000)}</p>]]></content:encoded><wp:post_type>post</wp:post_type></item>\n`
    const chunks = Math.ceil((129 * 1024 ** 2) / item.length)
    async function* body() {
      yield `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.xml"\r\nContent-Type: application/xml\r\n\r\n`
      yield '<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel>'
      for (let i = 0; i < chunks; i++) yield item
      yield '</channel></rss>'
      yield `\r\n--${boundary}--\r\n`
    }
    const res = await importAndWait(t, {
      url: '/api/admin/import',
      cookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toBe('The WordPress export is larger than 128 MB: import the site in parts')
  })

  it('a Ghost export nested 50,000 levels deep is refused with 400', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`
    const res = await upload('ghost.json', `{"db":[{"data":{"posts":[],"tags":[],"posts_tags":[],"x":${deep}}}]}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('The Ghost export nests more than 100 levels deep')
  })

  it('Ghost HTML of 50,000 nested <div> and lexical nested 50,000 deep leave those posts out, with the reason', async () => {
    const html = `${'<div>'.repeat(50_000)}deep${'</div>'.repeat(50_000)}`
    const lexical = `{"root":${'{"children":['.repeat(50_000)}${']}'.repeat(50_000)}}`
    const res = await upload(
      'ghost.json',
      ghostExport([
        ghostPost('deep', { slug: 'deep', html }),
        ghostPost('lex', { slug: 'lex', lexical }),
        ghostPost('fine', { slug: 'fine', html: '<div><p>Fine.</p></div>' }),
      ]),
    )
    expect(res.statusCode, res.body).toBe(200)
    const report = res.json()
    expect(report.created.posts).toBe(1)
    expect(report.warnings).toContain(
      'Ghost post "deep": its HTML nests elements more than 32 levels deep; it was left out',
    )
    expect(report.warnings).toContain('Ghost post "lex": its content nests more than 100 levels deep; it was left out')
    const slugs = await t.app.ctx.db.selectFrom('posts').select('slug').execute()
    expect(slugs.map((p) => p.slug)).toEqual(['fine'])
  })
})
