import { afterEach, beforeEach, expect, it } from 'vitest'
import { multipartForm } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { importAndWait } from '#test/support/import-job.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await t.login()
})
afterEach(async () => t?.close())

const item = (id: number, slug: string, creator: string, content: string) =>
  `<item><title>${slug}</title><dc:creator><![CDATA[${creator}]]></dc:creator><content:encoded><![CDATA[${content}]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date>2021-05-04 09:00:00</wp:post_date><wp:post_name><![CDATA[${slug}]]></wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`

const wxr = (items: string) => `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old blog</title><link>https://old.example.com</link>
<wp:author><wp:author_id>2</wp:author_id><wp:author_login><![CDATA[mara]]></wp:author_login><wp:author_email>m@example.com</wp:author_email><wp:author_display_name><![CDATA[Mara Lindqvist]]></wp:author_display_name></wp:author>
${items}
</channel></rss>`

it("a WordPress post keeps its author's display name (the login when the export names no one else) in the byline", async () => {
  const file = wxr(item(1, 'by-mara', 'mara', '<p>Hello.</p>') + item(2, 'by-guest', 'guest', '<p>Hi.</p>'))
  const res = await importAndWait(t, {
    url: '/api/admin/import',
    cookie,
    ...multipartForm({ file: { name: 'export.xml', body: file } }),
  })
  expect(res.statusCode, res.body).toBe(200)
  const byline = async (slug: string) =>
    (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}` })).json().authorName
  expect(await byline('by-mara')).toBe('Mara Lindqvist')
  expect(await byline('by-guest')).toBe('guest')
})

it('a WordPress post whose HTML nests 50,000 <div> deep is left out with the reason; the others come in', async () => {
  const deep = `${'<div>'.repeat(50_000)}deep${'</div>'.repeat(50_000)}`
  const res = await importAndWait(t, {
    url: '/api/admin/import',
    cookie,
    ...multipartForm({
      file: { name: 'export.xml', body: wxr(item(1, 'deep', 'mara', deep) + item(2, 'fine', 'mara', '<p>Fine.</p>')) },
    }),
  })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().created.posts).toBe(1)
  expect(res.json().warnings).toContain(
    'WordPress post "deep": its HTML nests elements more than 32 levels deep; it was left out',
  )
})

it('a picture not found in the media is listed and left out, unless the import asks to keep its old link', async () => {
  const old = 'https://old.example.com/wp-content/uploads/2021/05/gone.png'
  const file = wxr(item(1, 'with-picture', 'mara', `<p>Before.</p><p><img src="${old}" alt="Gone"></p><p>After.</p>`))
  const importWith = (query: string) =>
    importAndWait(t, {
      url: `/api/admin/import${query}`,
      cookie,
      ...multipartForm({ file: { name: 'export.xml', body: file } }),
    })
  const content = async () =>
    (await t.request({ method: 'GET', url: '/api/posts/slug/with-picture', cookie })).json().content as string

  const dropped = await importWith('')
  expect(dropped.statusCode, dropped.body).toBe(200)
  expect(dropped.json().missingImages).toEqual([old])
  expect(await content()).not.toContain('old.example.com')
  expect(await content()).toContain('After.')

  await t.app.ctx.db.deleteFrom('posts').execute()
  const kept = await importWith('?keepMissingImages=1')
  expect(kept.statusCode, kept.body).toBe(200)
  expect(kept.json().missingImages).toEqual([old])
  expect(await content()).toContain(`![Gone](${old})`)
})
