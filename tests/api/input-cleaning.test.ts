import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie, createPost } from './posts.fixtures.ts'
import { tinyPng } from '#test/support/test-images.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { multipart } from './helpers.ts'

/** Issue 13: the NUL byte that gave a 500 on PostgreSQL, and the rest of ADR 090's input rules, route by route. */
let t: TestApp
let cookie: string
let postId: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
  postId = (await createPost(t, cookie, { title: 'Open post', content: 'Body', status: 'published' })).id
})
afterAll(() => t.close())

const comment = (
  payload: Record<string, unknown>,
  remoteAddress = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) => t.request({ method: 'POST', url: `/api/posts/${postId}/comments`, payload, remoteAddress })
const storedComment = (id: string) =>
  t.app.ctx.db.selectFrom('comments').select(['content', 'author_name']).where('id', '=', id).executeTakeFirstOrThrow()

describe('text in JSON bodies', () => {
  it('a NUL byte in a comment is dropped, not a 500', async () => {
    const res = await comment({ content: 'nul\u0000byte' })
    expect(res.statusCode, res.body).toBe(201)
    expect((await storedComment(res.json().id)).content).toBe('nulbyte')
  })

  it('other C0 controls are dropped; tab, CR and LF are kept in multi-line text', async () => {
    const res = await comment({ content: 'a\u0001b\u000bc\u001fd\te\r\nf' })
    expect(res.statusCode, res.body).toBe(201)
    expect((await storedComment(res.json().id)).content).toBe('abcd\te\r\nf')
  })

  it('a lone surrogate (which PostgreSQL refuses too) is stored as U+FFFD', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/posts/${postId}/comments`,
      headers: { 'content-type': 'application/json' },
      payload: '{"content":"half \\ud83d of a pair, \\udc00 and a whole \\ud83d\\ude00"}',
      remoteAddress: '10.2.0.1',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect((await storedComment(res.json().id)).content).toBe('half \uFFFD of a pair, \uFFFD and a whole 😀')
  })

  it('text is stored in NFC', async () => {
    const res = await comment({ content: 'cafe\u0301' })
    expect((await storedComment(res.json().id)).content).toBe('caf\u00e9')
  })

  it('a body nested deeper than any of ours answers 400', async () => {
    const payload = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`
    const res = await t.request({
      method: 'POST',
      url: `/api/posts/${postId}/comments`,
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'Input is nested too deeply' })
  })
})

describe('bidi controls in names and titles', () => {
  const RLO = '\u202E'
  const ISOLATES = '\u2066\u2067\u2068\u2069'

  it('are dropped from a comment author name (and line breaks folded), but kept in the comment text', async () => {
    const res = await comment({ content: `right${RLO}left`, authorName: `${RLO}nimda${ISOLATES}\nbob` })
    expect(res.statusCode, res.body).toBe(201)
    expect(await storedComment(res.json().id)).toEqual({ content: `right${RLO}left`, author_name: 'nimda bob' })
  })

  it('are dropped from post titles and tags, category names and footer page titles', async () => {
    const post = await createPost(t, cookie, { title: `${RLO}gpj.exe`, content: 'x', tags: [`${RLO}tag`, 'plain'] })
    expect(post.title).toBe('gpj.exe')
    expect(post.tags).toEqual(['tag', 'plain'])

    const category = await t.request({
      method: 'POST',
      url: '/api/categories',
      cookie,
      payload: { name: `News${RLO}`, slug: 'news', color: '#3b82f6' },
    })
    expect(category.statusCode, category.body).toBe(201)
    expect(category.json().name).toBe('News')

    const page = await t.request({
      method: 'POST',
      url: '/api/footer-pages',
      cookie,
      payload: { title: `${ISOLATES}About`, slug: 'about-us', content: 'About' },
    })
    expect(page.statusCode, page.body).toBe(201)
    expect(page.json().title).toBe('About')
  })
})

describe('NUL in path parameters and query strings', () => {
  it.each([
    ['/api/posts?search=a%00b', 200],
    ['/api/posts?category=%00', 200],
    ['/api/posts/slug/a%00b', 404],
    ['/api/footer-pages/slug/a%00', 404],
    ['/api/tags/a%00b', 404],
    ['/category/a%00/rss.xml', 404],
    ['/api/posts/a%00b/comments', 404],
  ])('GET %s answers %i', async (url, status) => {
    const res = await t.request({ method: 'GET', url })
    expect(res.statusCode, res.body).toBe(status)
  })

  it('a path parameter with a control character names nothing, even where the rest names something', async () => {
    expect((await t.request({ method: 'GET', url: `/api/posts/${postId}/comments` })).statusCode).toBe(200)
    const res = await t.request({ method: 'GET', url: `/api/posts/${postId}%00/comments` })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'Resource not found' })
  })
})

describe('paths the router cannot decode', () => {
  it.each([
    ['/api/posts/slug/%ED%A0%80', 400, 'Malformed request URL'],
    ['/api/posts/%zz', 400, 'Malformed request URL'],
    [`/api/posts/slug/${'a'.repeat(200)}`, 414, 'Request URL is too long'],
  ])('GET %s answers %i in the API error shape, without echoing the path', async (url, status, error) => {
    const res = await t.request({ method: 'GET', url })
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual({ error })
  })
})

describe('text in multipart uploads', () => {
  it('the file name is stored without NUL or bidi controls', async () => {
    const upload = multipart('image', 'evil\u0000\u202Egnp.exe\u2066.png', 'image/png', tinyPng())
    const res = await t.request({ method: 'POST', url: '/api/upload-image', cookie, ...upload })
    expect(res.statusCode, res.body).toBe(201)
    const stored = await t.app.ctx.db
      .selectFrom('images')
      .select('original_name')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(stored.original_name).toBe('evilgnp.exe.png')
  })
})
