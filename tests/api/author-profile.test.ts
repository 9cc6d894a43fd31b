import { describe, expect, it } from 'vitest'
import { loadPage } from '#server/ssr/load-page.ts'
import { tinyPng } from '#test/support/test-images.ts'
import { adminAppForAll, multipart } from './helpers.ts'
import { createPost } from './posts.fixtures.ts'

const t = adminAppForAll()

const put = (profile: object, cookie: string | null = t.cookie) =>
  t.request({ method: 'PUT', url: '/api/account/profile', payload: profile, cookie: cookie ?? undefined })
const own = async () => (await t.request({ method: 'GET', url: '/api/account/profile', cookie: t.cookie })).json()

describe('author profile (Settings → Account)', () => {
  it('starts empty; bylines, the feed and JSON-LD read the login name until a display name is set', async () => {
    expect(await own()).toEqual({ displayName: '', bio: '', avatar: '' })
    const post = await createPost(t, t.cookie, {
      title: 'Byline',
      slug: 'byline',
      content: 'Text',
      status: 'published',
    })
    expect(post.authorName).toBe('admin')

    const upload = await t.request({
      method: 'POST',
      url: '/api/upload-image',
      cookie: t.cookie,
      ...multipart('image', 'me.png', 'image/png', tinyPng(64, 64)),
    })
    const avatar = upload.json().url as string
    const profile = { displayName: 'Ada Lovelace', bio: 'Writes about engines.\nAnd poetry.', avatar }
    const res = await put({ ...profile, displayName: '  Ada Lovelace ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual(profile)
    expect(await own()).toEqual(profile)

    const read = (await t.request({ method: 'GET', url: '/api/posts/slug/byline' })).json()
    expect(read.authorName).toBe('Ada Lovelace')
    const rss = (await t.request({ method: 'GET', url: '/rss.xml' })).body
    expect(rss).toContain('<dc:creator>Ada Lovelace</dc:creator>')
    const page = await loadPage(t.app.ctx, '/blog/byline', '', { isAdmin: false }, await t.app.responseCache.sync())
    expect(page.head.article?.author).toBe('Ada Lovelace')
    // The post page's author card: the public profile, under the author's id.
    const author = page.state.queries.find((q) => q.queryKey[0] === '/api/authors')?.state.data
    expect(author).toEqual(profile)
    expect((await t.request({ method: 'GET', url: `/api/authors/${post.authorId}` })).json()).toEqual(profile)
  })

  it('a post that names its own author (an imported one) keeps that name', async () => {
    const post = await createPost(t, t.cookie, {
      title: 'Guest',
      slug: 'guest',
      content: 'Text',
      status: 'published',
      authorName: 'Charles Babbage',
    })
    expect(post.authorName).toBe('Charles Babbage')
  })

  it('refuses an avatar that is not an upload, and a too-long name (400); needs a session (401)', async () => {
    for (const bad of [
      { displayName: 'x', bio: '', avatar: 'javascript:alert(1)' },
      { displayName: 'x', bio: '', avatar: 'https://evil.example/a.png' },
      { displayName: 'x'.repeat(81), bio: '', avatar: '' },
      { displayName: 'x', bio: 'x'.repeat(1001), avatar: '' },
      { displayName: 'x' },
    ])
      expect((await put(bad)).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400)
    expect((await put({ displayName: '', bio: '', avatar: '' }, null)).statusCode).toBe(401)
    expect((await t.request({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(401)
    expect((await t.request({ method: 'GET', url: `/api/authors/${crypto.randomUUID()}` })).statusCode).toBe(404)
  })

  it('clearing the display name brings the login name back', async () => {
    expect((await put({ displayName: '', bio: '', avatar: '' })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/posts/slug/byline' })).json().authorName).toBe('admin')
  })
})
