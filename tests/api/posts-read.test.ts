import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PostCardSchema, PostDetailSchema, PostSchema, type Post } from '#shared/schemas/post.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, insertCategory, MINUTE } from './posts.fixtures.ts'

const PostList = z.array(PostCardSchema)

describe('posts: reading, listing and privacy', () => {
  let t: TestApp
  let cookie: string
  const clock = manualClock()
  let code: string
  let life: string
  const p: Record<string, Post> = {}

  beforeAll(async () => {
    t = await createTestApp({ clock })
    cookie = await adminCookie(t)
    code = await insertCategory(t, 'Code', 'code', '#ff0000')
    life = await insertCategory(t, 'Life', 'life', '#00ff00')
    const make = async (key: string, body: Parameters<typeof createPost>[2]) => {
      clock.tick(MINUTE)
      p[key] = await createPost(t, cookie, body)
    }
    await make('a', {
      title: 'Alpha 100% sure',
      content: 'First ![hero](/uploads/hero.png)\n\n# Heading\n\n```js\nconst a = 1\n```',
      featuredImage: '/uploads/hero.png',
      status: 'published',
      categoryId: code,
      tags: ['TypeScript', 'web'],
      featured: true,
    })
    await make('b', {
      title: 'Beta snake_case notes',
      content: 'Second',
      status: 'published',
      categoryId: life,
      tags: ['habits'],
    })
    await make('c', {
      title: 'Gamma',
      content: 'Path C:\\temp\\file mentioned here',
      status: 'published',
      categoryId: code,
      tags: ['rust'],
      featured: true,
    })
    await make('d', {
      title: 'Delta',
      content: 'Nothing special',
      excerpt: 'An EXCERPT match',
      status: 'published',
      tags: ['typescript'],
    })
    await make('draft', {
      title: 'Secret draft 100%',
      content: 'Hidden',
      status: 'draft',
      categoryId: code,
      tags: ['web'],
      featured: true,
    })
    await make('e', {
      title: 'Epsilon',
      content: 'Fifth',
      status: 'published',
      categoryId: life,
      tags: ['web', 'habits'],
      featured: true,
    })
    await make('f', { title: 'Zeta', content: 'Sixth', status: 'published', featured: true })
    const db = t.app.ctx.db
    await db.updateTable('posts').set({ views: 50 }).where('id', '=', p.b!.id).execute()
    await db.updateTable('posts').set({ views: 10 }).where('id', '=', p.d!.id).execute()
    for (const remoteAddress of ['192.0.2.1', '192.0.2.2']) {
      expect((await t.request({ method: 'POST', url: `/api/posts/${p.a!.id}/like`, remoteAddress })).json().liked).toBe(
        true,
      )
    }
    for (const approve of [true, true, false]) {
      const comment = await t.request({
        method: 'POST',
        url: `/api/posts/${p.a!.id}/comments`,
        payload: { content: 'c' },
      })
      if (approve)
        expect(
          (await t.request({ method: 'PUT', url: `/api/admin/comments/${comment.json().id}/approve`, cookie }))
            .statusCode,
        ).toBe(200)
    }
  })
  afterAll(() => t.close())

  const get = async (url: string, asAdmin = false) =>
    t.request({ method: 'GET', url, cookie: asAdmin ? cookie : undefined })
  const titles = async (url: string, asAdmin = false) => {
    const res = await get(url, asAdmin)
    expect(res.statusCode, res.body).toBe(200)
    return PostList.parse(res.json()).map((x) => x.title)
  }

  it('lists published posts newest first with X-Total-Count, embeds and counts', async () => {
    const res = await get('/api/posts')
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-total-count']).toBe('6')
    const list = PostList.parse(res.json())
    expect(list.map((x) => x.title)).toEqual([
      'Zeta',
      'Epsilon',
      'Delta',
      'Gamma',
      'Beta snake_case notes',
      'Alpha 100% sure',
    ])
    const alpha = list.find((x) => x.id === p.a!.id)!
    expect(alpha.likeCount).toBe(2)
    expect(alpha.commentCount).toBe(2)
    expect(alpha.category).toEqual({ id: code, name: 'Code', slug: 'code', color: '#ff0000' })
    expect(list.find((x) => x.id === p.d!.id)!.category).toBeNull()
  })

  it('never shows drafts to anonymous readers, whatever status says', async () => {
    for (const status of ['draft', 'all', 'published']) {
      const res = await get(`/api/posts?status=${status}&limit=100`)
      expect(
        PostList.parse(res.json()).some((x) => x.status === 'draft'),
        status,
      ).toBe(false)
    }
    expect((await get('/api/posts?status=draft')).headers['x-total-count']).toBe('6')
    expect((await get(`/api/posts/slug/${p.draft!.slug}`)).statusCode).toBe(404)
    expect((await get(`/api/posts/${p.draft!.id}`)).statusCode).toBe(404)
    expect((await get(`/api/posts/${p.draft!.id}/related`)).statusCode).toBe(404)
    expect(await titles('/api/posts/featured')).not.toContain('Secret draft 100%')
  })

  it('shows drafts to the admin, filtered by status', async () => {
    expect(await titles('/api/posts?status=draft', true)).toEqual(['Secret draft 100%'])
    expect((await get('/api/posts', true)).headers['x-total-count']).toBe('7')
    expect(await titles('/api/posts?status=published', true)).not.toContain('Secret draft 100%')
    expect((await get(`/api/posts/slug/${p.draft!.slug}`, true)).statusCode).toBe(200)
    expect((await get(`/api/posts/${p.draft!.id}`, true)).statusCode).toBe(200)
    expect((await get(`/api/posts/${p.draft!.id}/related`, true)).statusCode).toBe(200)
  })

  it('searches title, excerpt, content and tags case-insensitively', async () => {
    expect(await titles('/api/posts?search=ALPHA')).toEqual(['Alpha 100% sure'])
    expect(await titles('/api/posts?search=excerpt')).toEqual(['Delta'])
    expect(await titles('/api/posts?search=fifth')).toEqual(['Epsilon'])
    expect(await titles('/api/posts?search=typescript')).toEqual(['Delta', 'Alpha 100% sure'])
    expect(await titles('/api/posts?search=nomatch-at-all')).toEqual([])
  })

  it('treats %, _ and \\ in the search as plain characters', async () => {
    expect(await titles(`/api/posts?search=${encodeURIComponent('100%')}`)).toEqual(['Alpha 100% sure'])
    expect(await titles(`/api/posts?search=${encodeURIComponent('snake_case')}`)).toEqual(['Beta snake_case notes'])
    expect(await titles(`/api/posts?search=${encodeURIComponent('C:\\temp')}`)).toEqual(['Gamma'])
    // Punctuation alone is no word: it finds nothing, and never every post (tags are not searched as JSON text).
    for (const punctuation of ['%', '_', '\\', '"', "'", '*', '-', '(', 'NEAR(', '^', ':']) {
      const res = await get(`/api/posts?search=${encodeURIComponent(punctuation)}`)
      expect(res.statusCode, punctuation).toBe(200)
      expect(res.json(), punctuation).toEqual([])
      expect(res.headers['x-total-count'], punctuation).toBe('0')
    }
    expect(await titles(`/api/posts?search=${encodeURIComponent('100%')}`, true)).toEqual([
      'Secret draft 100%',
      'Alpha 100% sure',
    ])
  })

  it('filters by category id, category slug, tag and featured', async () => {
    expect(await titles(`/api/posts?categoryId=${code}`)).toEqual(['Gamma', 'Alpha 100% sure'])
    expect(await titles('/api/posts?category=life')).toEqual(['Epsilon', 'Beta snake_case notes'])
    expect(await titles('/api/posts?category=unknown')).toEqual([])
    expect(await titles('/api/posts?tag=web')).toEqual(['Epsilon', 'Alpha 100% sure'])
    expect(await titles('/api/posts?tag=typescript')).toEqual(['Delta', 'Alpha 100% sure'])
    expect(await titles('/api/posts?featured=true')).toEqual(['Zeta', 'Epsilon', 'Gamma', 'Alpha 100% sure'])
    expect(await titles('/api/posts?featured=false')).toEqual(['Delta', 'Beta snake_case notes'])
  })

  it('sorts latest, oldest and popular', async () => {
    expect(await titles('/api/posts?sort=oldest')).toEqual([
      'Alpha 100% sure',
      'Beta snake_case notes',
      'Gamma',
      'Delta',
      'Epsilon',
      'Zeta',
    ])
    expect((await titles('/api/posts?sort=popular')).slice(0, 2)).toEqual(['Beta snake_case notes', 'Delta'])
    expect(await titles('/api/posts?sort=latest&limit=2')).toEqual(['Zeta', 'Epsilon'])
    expect((await get('/api/posts?sort=random')).statusCode).toBe(400)
  })

  it('pages with page and limit, keeping the total', async () => {
    const res = await get('/api/posts?limit=4&page=2')
    expect(res.headers['x-total-count']).toBe('6')
    expect(PostList.parse(res.json()).map((x) => x.title)).toEqual(['Beta snake_case notes', 'Alpha 100% sure'])
    expect(await titles('/api/posts?limit=4&page=3')).toEqual([])
    expect((await titles('/api/posts?limit=100')).length).toBe(6)
    for (const bad of ['limit=101', 'limit=0', 'page=0', 'page=abc'])
      expect((await get(`/api/posts?${bad}`)).statusCode, bad).toBe(400)
  })

  it('lists at most 3 featured published posts, most recently featured first', async () => {
    expect(await titles('/api/posts/featured')).toEqual(['Zeta', 'Epsilon', 'Gamma'])
  })

  it('returns a post by slug with safe rendered HTML, without the featured image repeated', async () => {
    const res = await get(`/api/posts/slug/${p.a!.slug}`)
    expect(res.statusCode).toBe(200)
    const detail = PostDetailSchema.parse(res.json())
    expect(detail.id).toBe(p.a!.id)
    expect(detail.contentHtml).toContain('<h2 id="heading">Heading<a class="heading-anchor" href="#heading"')
    expect(detail.contentHtml).toContain('<code class="hljs language-js"><span class="hljs-keyword">const</span>')
    expect(detail.contentHtml).not.toContain('/uploads/hero.png')
    expect((await get('/api/posts/slug/does-not-exist')).statusCode).toBe(404)
    expect((await get('/api/posts/unknown-id')).statusCode).toBe(404)
    expect(PostSchema.parse((await get(`/api/posts/${p.b!.id}`)).json()).title).toBe('Beta snake_case notes')
  })

  it('lists related posts: same category first, then shared tags, then latest', async () => {
    // Alpha: category code, tags TypeScript/web. Gamma shares the category; Epsilon shares "web"; Delta "typescript"
    // (tags compare case-insensitively); Epsilon is newer than Delta, so it comes first among equal matches.
    expect(await titles(`/api/posts/${p.a!.id}/related`)).toEqual(['Gamma', 'Epsilon', 'Delta'])
    // Beta (life, habits): Epsilon shares both; then nothing else matches, so the latest fill in.
    expect(await titles(`/api/posts/${p.b!.id}/related`)).toEqual(['Epsilon', 'Zeta', 'Delta'])
    expect((await get('/api/posts/missing/related')).statusCode).toBe(404)
  })
})

describe('SQL-looking search strings are plain text', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    const cookie = await adminCookie(t)
    await createPost(t, cookie, { title: "It's a title with ' OR '1'='1 inside", content: 'Body', status: 'published' })
    await createPost(t, cookie, { title: 'Unrelated', content: 'Body', status: 'published' })
  })
  afterAll(() => t.close())

  it.each([
    ["' OR '1'='1", 1],
    ["'; DROP TABLE posts; --", 0],
    ["%' UNION SELECT password_hash FROM users --", 0],
    // Its words (or, 1) are in the first title: found as words, never run as syntax.
    ['") OR 1=1 --', 1],
    ['\\', 0],
  ])('%s', async (search, matches) => {
    const res = await t.request({ method: 'GET', url: `/api/posts?search=${encodeURIComponent(search)}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-total-count']).toBe(String(matches))
    expect(res.body).not.toMatch(/scrypt\$/)
    expect((await t.request({ method: 'GET', url: '/api/posts' })).headers['x-total-count']).toBe('2')
  })
})

describe('the admin list', () => {
  it('puts the newest drafts first, by creation', async () => {
    const clock = manualClock()
    const t = await createTestApp({ clock })
    try {
      const cookie = await adminCookie(t)
      const titles: string[] = []
      for (let i = 0; i < 8; i++) {
        clock.tick(MINUTE)
        titles.push((await createPost(t, cookie, { title: `Draft ${i}`, content: 'x', status: 'draft' })).title)
      }
      const res = await t.request({ method: 'GET', url: '/api/posts?status=all&limit=5', cookie })
      expect(res.json().map((p: Post) => p.title)).toEqual(titles.reverse().slice(0, 5))
      const drafts = await t.request({ method: 'GET', url: '/api/posts?status=draft&limit=3', cookie })
      expect(drafts.json().map((p: Post) => p.title)).toEqual(titles.slice(0, 3))
    } finally {
      await t.close()
    }
  })
})
