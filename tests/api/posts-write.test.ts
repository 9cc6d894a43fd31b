import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostSchema } from '#shared/schemas/post.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, adminId, createPost, insertCategory, MINUTE } from './posts.fixtures.ts'

describe('posts: create, update, delete', () => {
  let t: TestApp
  let cookie: string
  const clock = manualClock()
  beforeAll(async () => {
    t = await createTestApp({ clock })
    cookie = await adminCookie(t)
  })
  afterAll(() => t.close())

  const put = (id: string, payload: object) => t.request({ method: 'PUT', url: `/api/posts/${id}`, cookie, payload })

  it('answers 401 to every write without a session', async () => {
    const post = await createPost(t, cookie, { title: 'Guarded' })
    for (const [method, url] of [
      ['POST', '/api/posts'],
      ['PUT', `/api/posts/${post.id}`],
      ['DELETE', `/api/posts/${post.id}`],
    ] as const) {
      const res = await t.request({ method, url, payload: { title: 'x' } })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
      expect(res.json()).toHaveProperty('error')
    }
  })

  it('rejects invalid bodies with 400', async () => {
    for (const payload of [
      {},
      { title: '' },
      { title: 'x', slug: 'Not A Slug!' },
      { title: 'x', status: 'archived' },
      { title: 'x', featuredImage: 'javascript:alert(1)' },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/posts', cookie, payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(typeof res.json().error).toBe('string')
    }
  })

  it('derives slug, excerpt, featured image and reading time; stores the session user as author', async () => {
    const content = `Intro with **bold** text.\n\n![first](/uploads/first.png)\n\n${'word '.repeat(450)}`
    const post = await createPost(t, cookie, {
      title: 'Hello, World!',
      content,
      authorId: 'someone-else',
      tags: [' a ', 'b', 'a', '  ', 'b '],
    })
    expect(post.slug).toBe('hello-world')
    expect(post.excerpt.endsWith('...')).toBe(true)
    expect(post.excerpt.startsWith('Intro with bold text. word word')).toBe(true)
    expect(post.excerpt.length).toBeLessThanOrEqual(203)
    expect(post.featuredImage).toBe('/uploads/first.png')
    expect(post.readingTime).toBe(3)
    expect(post.authorId).toBe(await adminId(t))
    expect(post.authorName).toBe('admin')
    expect(post.author).toEqual({ username: 'admin' })
    expect(post.tags).toEqual(['a', 'b'])
    expect(post.status).toBe('draft')
    expect(post.publishedAt).toBeNull()
    expect(post.featuredAt).toBeNull()
    expect(post.views).toBe(0)
  })

  it('keeps what is given: excerpt, image, reading time, author name', async () => {
    const post = await createPost(t, cookie, {
      title: 'Given',
      content: '![x](/uploads/x.png)',
      excerpt: 'My excerpt',
      featuredImage: 'https://cdn.example.com/hero.jpg',
      readingTime: 12,
      authorName: 'Guest Writer',
      metaTitle: 'Meta',
    })
    expect(post).toMatchObject({
      excerpt: 'My excerpt',
      featuredImage: 'https://cdn.example.com/hero.jpg',
      readingTime: 12,
      authorName: 'Guest Writer',
      metaTitle: 'Meta',
    })
    const blankName = await createPost(t, cookie, { title: 'Blank name', authorName: '   ' })
    expect(blankName.authorName).toBe('admin')
  })

  it('makes generated slugs unique with -2, -3 but refuses an explicit duplicate with 409', async () => {
    const a = await createPost(t, cookie, { title: 'Same Title' })
    const b = await createPost(t, cookie, { title: 'Same Title' })
    const c = await createPost(t, cookie, { title: 'Same title!' })
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3'])
    const dup = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie,
      payload: { title: 'Other', slug: 'same-title' },
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().error).toMatch(/slug/i)
    const onUpdate = await put(c.id, { slug: 'same-title-2' })
    expect(onUpdate.statusCode).toBe(409)
    const fallback = await createPost(t, cookie, { title: '!!!' })
    expect(fallback.slug).toMatch(/^post(-\d+)?$/)
  })

  it('gives one 201 and one 409 for two parallel creates with the same explicit slug', async () => {
    const body = { title: 'Race', slug: 'race-slug' }
    const results = await Promise.all(
      [0, 1].map(() => t.request({ method: 'POST', url: '/api/posts', cookie, payload: body })),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const count = await t.app.ctx.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('slug', '=', 'race-slug')
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('answers 400 for a category that does not exist and embeds one that does', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie,
      payload: { title: 'x', categoryId: 'nope' },
    })
    expect(bad.statusCode).toBe(400)
    const categoryId = await insertCategory(t, 'Code', 'code', '#112233')
    const post = await createPost(t, cookie, { title: 'Categorised', categoryId })
    expect(post.category).toEqual({ id: categoryId, name: 'Code', slug: 'code', color: '#112233' })
    expect((await put(post.id, { categoryId: 'missing' })).statusCode).toBe(400)
    const cleared = PostSchema.parse((await put(post.id, { categoryId: '' })).json())
    expect(cleared.category).toBeNull()
  })

  it('sets publishedAt the first time a post is published and keeps it afterwards', async () => {
    const post = await createPost(t, cookie, { title: 'Lifecycle', content: 'Body text here' })
    clock.tick(MINUTE)
    const firstPublish = clock().toISOString()
    const published = PostSchema.parse((await put(post.id, { status: 'published' })).json())
    expect(published.status).toBe('published')
    expect(published.publishedAt).toBe(firstPublish)
    expect(published.updatedAt).toBe(firstPublish)
    expect(published.content).toBe('Body text here')
    expect(published.title).toBe('Lifecycle')
    clock.tick(MINUTE)
    const draft = PostSchema.parse((await put(post.id, { status: 'draft' })).json())
    expect(draft.publishedAt).toBe(firstPublish)
    clock.tick(MINUTE)
    const again = PostSchema.parse((await put(post.id, { status: 'published', title: 'Lifecycle 2' })).json())
    expect(again.publishedAt).toBe(firstPublish)
    expect(again.updatedAt).toBe(clock().toISOString())
    expect(again.createdAt).toBe(post.createdAt)
  })

  it('sets featuredAt only when saved published and featured, from the resulting state', async () => {
    const draftFeatured = await createPost(t, cookie, { title: 'Feat draft', featured: true })
    expect(draftFeatured.featured).toBe(true)
    expect(draftFeatured.featuredAt).toBeNull()
    clock.tick(MINUTE)
    const now1 = clock().toISOString()
    const published = PostSchema.parse((await put(draftFeatured.id, { status: 'published' })).json())
    expect(published.featuredAt).toBe(now1)
    clock.tick(MINUTE)
    const unfeatured = PostSchema.parse((await put(draftFeatured.id, { featured: false })).json())
    expect(unfeatured.featuredAt).toBeNull()
    const direct = await createPost(t, cookie, { title: 'Feat pub', status: 'published', featured: true })
    expect(direct.featuredAt).toBe(clock().toISOString())
    expect(direct.publishedAt).toBe(clock().toISOString())
    const back = PostSchema.parse((await put(direct.id, { status: 'draft' })).json())
    expect(back.featuredAt).toBeNull()
  })

  it('re-derives on update: reading time from new content, empty excerpt and image from the content', async () => {
    const post = await createPost(t, cookie, {
      title: 'Update me',
      content: 'short',
      excerpt: 'Custom',
      featuredImage: '/uploads/a.png',
    })
    const updated = PostSchema.parse(
      (
        await put(post.id, { content: `![n](/uploads/new.png) ${'w '.repeat(401)}`, excerpt: '', featuredImage: '' })
      ).json(),
    )
    expect(updated.readingTime).toBe(3)
    expect(updated.excerpt.startsWith('w w w')).toBe(true)
    expect(updated.featuredImage).toBe('/uploads/new.png')
    expect((await put('missing-id', { title: 'x' })).statusCode).toBe(404)
    expect((await put(post.id, { title: '' })).statusCode).toBe(400)
  })

  it('deletes a post with its likes, comments and view counts', async () => {
    const post = await createPost(t, cookie, { title: 'Doomed', status: 'published' })
    const db = t.app.ctx.db
    const at = new Date().toISOString()
    await db
      .insertInto('likes')
      .values({ id: crypto.randomUUID(), post_id: post.id, visitor_id: crypto.randomUUID(), created_at: at })
      .execute()
    await db
      .insertInto('comments')
      .values({
        id: crypto.randomUUID(),
        post_id: post.id,
        author_name: 'A',
        author_email: null,
        content: 'c',
        is_approved: 1,
        ip: null,
        created_at: at,
        updated_at: at,
      })
      .execute()
    await db.insertInto('post_views_daily').values({ post_id: post.id, day: '2026-01-10', views: 3 }).execute()
    await db.insertInto('view_marks').values({ post_id: post.id, visitor_id: 'v', viewed_at: at }).execute()

    const res = await t.request({ method: 'DELETE', url: `/api/posts/${post.id}`, cookie })
    expect(res.statusCode).toBe(204)
    for (const table of ['likes', 'comments', 'post_views_daily', 'view_marks'] as const) {
      const left = await db.selectFrom(table).select('post_id').where('post_id', '=', post.id).execute()
      expect(left, table).toHaveLength(0)
    }
    expect((await t.request({ method: 'GET', url: `/api/posts/${post.id}`, cookie })).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${post.id}`, cookie })).statusCode).toBe(404)
  })
})
