import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { encodePng } from '#server/features/seed/png.ts'
import { multipartForm as form } from '#test/support/multipart.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { zipOf } from '#test/support/zip.ts'
import { importAndWait } from '#test/support/import-job.ts'

const png = (seed: number) => encodePng(6, 4, (x, y) => [x * 40 + seed, y * 60, seed])

describe('import from other platforms', () => {
  let t: TestApp
  let cookie: string
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await t.login()
  })
  afterEach(async () => t?.close())

  const importFiles = async (files: Record<string, { name: string; body: Buffer | string }>) => {
    const res = await importAndWait(t, { url: '/api/admin/import', cookie, ...form(files) })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const post = async (slug: string) =>
    (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, cookie })).json()
  const redirects = async () =>
    (
      await t.app.ctx.db
        .selectFrom('redirects')
        .select(['from_path', 'to_path', 'source'])
        .orderBy('from_path')
        .execute()
    ).map((r) => `${r.from_path} -> ${r.to_path} (${r.source})`)

  it('Ghost: mobiledoc, lexical and HTML to Markdown; primary tag as category; drafts; feature images from content/images; old URLs', async () => {
    const mobiledoc = {
      version: '0.3.1',
      atoms: [],
      markups: [['strong'], ['a', ['href', 'https://example.com']]],
      cards: [
        ['markdown', { markdown: '## From a card\n\n- kept as written' }],
        ['image', { src: '__GHOST_URL__/content/images/2024/01/inline.png', alt: 'Inline', caption: 'A caption' }],
        ['code', { code: 'let a = 1', language: 'js' }],
        ['signup', {}],
      ],
      sections: [
        [
          1,
          'p',
          [
            [0, [0], 1, 'Bold'],
            [0, [], 0, ' and '],
            [0, [1], 1, 'a link'],
          ],
        ],
        [10, 0],
        [10, 1],
        [10, 2],
        [3, 'ul', [[[0, [], 0, 'one']], [[0, [], 0, 'two']]]],
        [10, 3],
      ],
    }
    const lexical = {
      root: {
        type: 'root',
        children: [
          { type: 'heading', tag: 'h2', children: [{ type: 'text', text: 'Lexical heading', format: 0 }] },
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'italic', format: 2 },
              { type: 'text', text: ' plain', format: 0 },
            ],
          },
          { type: 'markdown', markdown: '> quoted' },
        ],
      },
    }
    const ghost = {
      db: [
        {
          meta: { version: '5.80.0' },
          data: {
            posts: [
              {
                id: 'p1',
                uuid: 'u1',
                title: 'Mobiledoc post',
                slug: 'mobiledoc-post',
                mobiledoc: JSON.stringify(mobiledoc),
                html: null,
                feature_image: '__GHOST_URL__/content/images/2024/01/cover.png',
                featured: 1,
                type: 'post',
                status: 'published',
                published_at: '2024-01-02T10:00:00.000Z',
                created_at: '2024-01-01T10:00:00.000Z',
                updated_at: '2024-01-03T10:00:00.000Z',
                custom_excerpt: 'A custom excerpt',
              },
              {
                id: 'p2',
                title: 'Lexical draft',
                slug: 'lexical-draft',
                lexical: JSON.stringify(lexical),
                status: 'draft',
                type: 'post',
                created_at: '2024-02-01T10:00:00.000Z',
                updated_at: '2024-02-01T10:00:00.000Z',
                published_at: null,
              },
              {
                id: 'p3',
                title: 'Old HTML',
                slug: 'old-html',
                html: '<p>Hello <em>world</em></p><h2>Part</h2><p><img src="/content/images/missing.png" alt="gone"></p>',
                status: 'published',
                type: 'post',
                created_at: '2020-01-01 10:00:00',
                updated_at: '2020-01-01 10:00:00',
                published_at: '2020-01-01 10:00:00',
              },
              {
                id: 'p4',
                title: 'Colophon',
                slug: 'colophon',
                html: '<p>Made with Ghost.</p>',
                status: 'published',
                type: 'page',
                created_at: '2020-01-01T00:00:00.000Z',
                updated_at: '2020-01-01T00:00:00.000Z',
              },
            ],
            tags: [
              { id: 't1', name: 'Science', slug: 'science' },
              { id: 't2', name: 'Cells', slug: 'cells' },
              { id: 't3', name: '#internal', slug: 'hash-internal', visibility: 'internal' },
            ],
            posts_tags: [
              { id: 'x1', post_id: 'p1', tag_id: 't1', sort_order: 0 },
              { id: 'x2', post_id: 'p1', tag_id: 't2', sort_order: 1 },
              { id: 'x3', post_id: 'p1', tag_id: 't3', sort_order: 2 },
            ],
            users: [{ id: 'a1', name: 'Ghost Writer', email: 'g@example.com', slug: 'ghost-writer' }],
            posts_authors: [{ id: 'pa1', post_id: 'p1', author_id: 'a1', sort_order: 0 }],
            posts_meta: [{ id: 'm1', post_id: 'p1', meta_title: 'SEO title', meta_description: 'SEO description' }],
            members: [{ id: 'ignored table' }],
          },
        },
      ],
    }
    const media = await zipOf({
      'content/images/2024/01/cover.png': png(1),
      'content/images/2024/01/inline.png': png(2),
    })
    const report = await importFiles({
      file: { name: 'ghost.json', body: JSON.stringify(ghost) },
      media: { name: 'images.zip', body: media },
    })
    expect(report).toMatchObject({
      format: 'ghost',
      created: { posts: 3, categories: 1, images: 2, footerPages: 1 },
      missingImages: ['/content/images/missing.png'],
    })
    expect(report.warnings.join('\n')).toMatch(/"signup" card/)

    const first = await post('mobiledoc-post')
    expect(first).toMatchObject({
      status: 'published',
      category: { name: 'Science' },
      tags: ['Cells'],
      featured: true,
      excerpt: 'A custom excerpt',
      metaTitle: 'SEO title',
      authorName: 'Ghost Writer',
      publishedAt: '2024-01-02T10:00:00.000Z',
    })
    expect(first.featuredImage).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/)
    expect(first.content).toContain('**Bold** and [a link](https://example.com)')
    expect(first.content).toContain('## From a card\n\n- kept as written')
    expect(first.content).toMatch(/!\[Inline\]\(\/uploads\/[a-f0-9]{64}\.png\)/)
    expect(first.content).toContain('```js\nlet a = 1\n```')
    expect(first.content).toMatch(/-\s+one\n-\s+two/)
    expect((await t.request({ method: 'GET', url: first.featuredImage })).statusCode).toBe(200)

    const draft = await post('lexical-draft')
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null })
    expect(draft.content).toBe('## Lexical heading\n\n*italic* plain\n\n> quoted')
    expect((await post('old-html')).content).toContain('Hello *world*\n\n## Part')
    expect(await redirects()).toEqual(
      [
        '/colophon -> /colophon (import)',
        '/lexical-draft -> /blog/lexical-draft (import)',
        '/mobiledoc-post -> /blog/mobiledoc-post (import)',
        '/old-html -> /blog/old-html (import)',
      ].filter((r) => !r.startsWith('/colophon')),
    )
  })

  it('WordPress: posts and pages, categories and tags, approved comments, slugs, HTML to Markdown, attachments, /?p= and dated URLs', async () => {
    const wxr = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old blog</title><link>https://old.example.com</link>
  <wp:category><wp:term_id>3</wp:term_id><wp:category_nicename>travel</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[Travel]]></wp:cat_name><wp:category_description><![CDATA[Trips]]></wp:category_description></wp:category>
  <item>
    <title>Hello Lisbon</title><link>https://old.example.com/2021/05/04/hello-lisbon/</link><dc:creator><![CDATA[admin]]></dc:creator>
    <content:encoded><![CDATA[First paragraph with <strong>bold</strong>.

Second paragraph <a href="https://example.com">link</a>.
<img src="https://old.example.com/wp-content/uploads/2021/05/tram-300x200.png" alt="Tram" />
<table><tr><th>City</th><th>Days</th></tr><tr><td>Lisbon</td><td>4</td></tr></table>]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>12</wp:post_id><wp:post_date>2021-05-04 09:00:00</wp:post_date><wp:post_date_gmt>2021-05-04 08:00:00</wp:post_date_gmt><wp:post_modified_gmt>2021-05-05 08:00:00</wp:post_modified_gmt>
    <wp:post_name><![CDATA[hello-lisbon]]></wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
    <category domain="category" nicename="travel"><![CDATA[Travel]]></category>
    <category domain="post_tag" nicename="trams"><![CDATA[Trams]]></category>
    <wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>40</wp:meta_value></wp:postmeta>
    <wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_author><![CDATA[Ana]]></wp:comment_author><wp:comment_author_email>ana@example.com</wp:comment_author_email><wp:comment_date_gmt>2021-05-06 10:00:00</wp:comment_date_gmt><wp:comment_content><![CDATA[Lovely trip!]]></wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_type>comment</wp:comment_type></wp:comment>
    <wp:comment><wp:comment_id>2</wp:comment_id><wp:comment_author><![CDATA[Spammer]]></wp:comment_author><wp:comment_date_gmt>2021-05-06 11:00:00</wp:comment_date_gmt><wp:comment_content><![CDATA[Buy now]]></wp:comment_content><wp:comment_approved>spam</wp:comment_approved></wp:comment>
  </item>
  <item><title>Half written</title><link>https://old.example.com/?p=13</link><content:encoded><![CDATA[<p>Soon</p>]]></content:encoded><wp:post_id>13</wp:post_id><wp:post_date>2021-06-01 09:00:00</wp:post_date><wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt><wp:post_name></wp:post_name><wp:status>draft</wp:status><wp:post_type>post</wp:post_type></item>
  <item><title>About me</title><link>https://old.example.com/about-me/</link><content:encoded><![CDATA[I write about trips.]]></content:encoded><wp:post_id>20</wp:post_id><wp:post_date>2020-01-01 00:00:00</wp:post_date><wp:post_name><![CDATA[about-me]]></wp:post_name><wp:status>publish</wp:status><wp:post_type>page</wp:post_type></item>
  <item><title>cover</title><wp:post_id>40</wp:post_id><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status><wp:attachment_url>https://old.example.com/wp-content/uploads/2021/05/cover.png</wp:attachment_url></item>
  <item><title>menu</title><wp:post_id>50</wp:post_id><wp:post_type>nav_menu_item</wp:post_type><wp:status>publish</wp:status></item>
</channel></rss>`
    const media = await zipOf({
      'wp-content/uploads/2021/05/cover.png': png(3),
      'wp-content/uploads/2021/05/tram.png': png(4),
    })
    const report = await importFiles({
      file: { name: 'export.xml', body: wxr },
      media: { name: 'uploads.zip', body: media },
    })
    expect(report).toMatchObject({
      format: 'wordpress',
      created: { posts: 2, categories: 1, comments: 1, images: 2, footerPages: 1 },
      missingImageCount: 0,
    })

    const lisbon = await post('hello-lisbon')
    expect(lisbon).toMatchObject({
      title: 'Hello Lisbon',
      status: 'published',
      category: { name: 'Travel' },
      tags: ['Trams'],
      publishedAt: '2021-05-04T08:00:00.000Z',
      commentCount: 1,
    })
    expect(lisbon.featuredImage).toMatch(/^\/uploads\//)
    expect(lisbon.content).toContain('First paragraph with **bold**.\n\nSecond paragraph [link](https://example.com).')
    expect(lisbon.content).toMatch(/!\[Tram\]\(\/uploads\/[a-f0-9]{64}\.png\)/)
    expect(lisbon.content).toContain('| City | Days |\n| --- | --- |\n| Lisbon | 4 |')
    const comments = (await t.request({ method: 'GET', url: `/api/posts/${lisbon.id}/comments` })).json()
    expect(comments).toMatchObject([
      { authorName: 'Ana', content: 'Lovely trip!', createdAt: '2021-05-06T10:00:00.000Z' },
    ])
    expect(await post('half-written')).toMatchObject({ status: 'draft' })
    expect(await redirects()).toEqual(
      expect.arrayContaining([
        '/2021/05/04/hello-lisbon -> /blog/hello-lisbon (import)',
        '/?p=12 -> /blog/hello-lisbon (import)',
        '/?p=13 -> /blog/half-written (import)',
        '/?page_id=20 -> /about-me (import)',
      ]),
    )
    expect(report.warnings.join('\n')).toMatch(/1 items of other types/)
  })

  it('Markdown: Hugo (TOML, bundles, aliases), Jekyll (dated names, YAML), Astro (heroImage) with relative images', async () => {
    const site = await zipOf({
      'content/posts/trip/index.md':
        '+++\ntitle = "Hugo trip"\ndate = 2023-03-04T05:06:07Z\ntags = ["travel", "hugo"]\ncategories = ["Journeys"]\naliases = ["/old/trip/"]\ndraft = false\n+++\n\nA trip. ![map](map.png)\n',
      'content/posts/trip/map.png': png(5),
      '_posts/2022-02-03-jekyll-day.markdown':
        '---\nlayout: post\ntitle: "Jekyll day"\ncategories: [Diary, Notes]\ndescription: A day in Jekyll\nredirect_from:\n  - /diary/jekyll-day.html\n---\nDay text with ![missing](/assets/nope.png).\n',
      'src/content/blog/astro.md':
        '---\ntitle: Astro draft\npubDate: 2024-05-06\nheroImage: /hero.png\ndraft: true\nslug: astro-custom\n---\n# Not a title\n\nBody\n',
      'public/hero.png': png(6),
      'content/_index.md': '---\ntitle: section page\n---\n',
    })
    const report = await importFiles({ file: { name: 'site.zip', body: site } })
    expect(report).toMatchObject({
      format: 'markdown',
      created: { posts: 3, images: 2, categories: 2 },
      missingImages: ['/assets/nope.png'],
    })
    expect(await post('jekyll-day')).toMatchObject({
      title: 'Jekyll day',
      publishedAt: '2022-02-03T00:00:00.000Z',
      category: { name: 'Diary' },
      tags: ['Notes'],
      excerpt: 'A day in Jekyll',
    })
    const hugo = await post('trip')
    expect(hugo).toMatchObject({
      title: 'Hugo trip',
      status: 'published',
      publishedAt: '2023-03-04T05:06:07.000Z',
      category: { name: 'Journeys' },
      tags: ['travel', 'hugo'],
    })
    expect(hugo.content).toMatch(/A trip\. !\[map\]\(\/uploads\/[a-f0-9]{64}\.png\)/)
    const astro = await post('astro-custom')
    expect(astro).toMatchObject({ title: 'Astro draft', status: 'draft' })
    expect(astro.featuredImage).toMatch(/^\/uploads\//)
    expect(await redirects()).toEqual([
      '/diary/jekyll-day.html -> /blog/jekyll-day (import)',
      '/old/trip -> /blog/trip (import)',
    ])
  })
})
