import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Post } from '#shared/schemas/post.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost, insertCategory, MINUTE } from './posts.fixtures.ts'
import { publishDuePosts } from '#server/features/scheduled-publishing/scheduled-publishing.service.ts'

const SECOND = 1000

describe('posts: scheduled publishing', () => {
  let t: TestApp
  let cookie: string
  let categoryId: string
  const clock = manualClock('2026-03-01T09:00:00.000Z')
  const inFuture = (ms: number) => new Date(clock().getTime() + ms).toISOString()

  beforeAll(async () => {
    t = await createTestApp({ clock })
    cookie = await adminCookie(t)
    categoryId = await insertCategory(t, 'Timing', 'timing')
  })
  afterAll(() => t.close())

  const anon = (url: string) => t.request({ method: 'GET', url })
  const admin = (url: string) => t.request({ method: 'GET', url, cookie })
  const put = (id: string, payload: object) => t.request({ method: 'PUT', url: `/api/posts/${id}`, cookie, payload })
  const titlesOf = (res: { json: () => unknown }) => (res.json() as Post[]).map((p) => p.title)

  /** Everything an anonymous reader could find a post by. */
  async function publicTraces(post: Post, tag: string) {
    const [list, byTag, byCategory, search, bySlug, byId, rss, sitemap, tagFeed, tagInfo] = await Promise.all([
      anon('/api/posts'),
      anon(`/api/posts?tag=${tag}`),
      anon('/api/posts?category=timing'),
      anon(`/api/posts?search=${encodeURIComponent(post.title)}`),
      anon(`/api/posts/slug/${post.slug}`),
      anon(`/api/posts/${post.id}`),
      anon('/rss.xml'),
      anon('/sitemap.xml'),
      anon(`/tag/${tag}/rss.xml`),
      anon(`/api/tags/${tag}`),
    ])
    return {
      list: titlesOf(list).includes(post.title),
      listTotal: Number(list.headers['x-total-count']),
      byTag: titlesOf(byTag).includes(post.title),
      tagTotal: Number(byTag.headers['x-total-count']),
      byCategory: titlesOf(byCategory).includes(post.title),
      search: titlesOf(search).includes(post.title),
      slug: bySlug.statusCode,
      id: byId.statusCode,
      rss: rss.body.includes(`/blog/${post.slug}<`),
      sitemap: sitemap.body.includes(`/blog/${post.slug}<`),
      tagFeed: tagFeed.statusCode === 200 && tagFeed.body.includes(`/blog/${post.slug}<`),
      tagPage: tagInfo.statusCode,
    }
  }

  it('keeps a scheduled post out of every public list, feed, sitemap and search until its time, then publishes it once', async () => {
    const at = inFuture(30 * SECOND)
    const post = await createPost(t, cookie, {
      title: 'Timed Launch Notes',
      content: 'Going out on time.',
      status: 'scheduled',
      publishedAt: at,
      categoryId,
      tags: ['Launch'],
      featured: true,
    })
    expect(post.status).toBe('scheduled')
    expect(post.publishedAt).toBe(at)
    expect(post.featuredAt).toBeNull()

    const before = await publicTraces(post, 'launch')
    expect(before).toEqual({
      list: false,
      listTotal: 0,
      byTag: false,
      tagTotal: 0,
      byCategory: false,
      search: false,
      slug: 404,
      id: 404,
      rss: false,
      sitemap: false,
      tagFeed: false,
      tagPage: 404,
    })
    expect((await anon(`/api/posts/${post.id}/likes`)).statusCode).toBe(404)
    expect((await anon('/api/posts/featured')).json()).toEqual([])

    // The admin sees it, in the 'all' list and under its own status filter.
    expect((await admin(`/api/posts/slug/${post.slug}`)).json()).toMatchObject({ status: 'scheduled', publishedAt: at })
    expect(titlesOf(await admin('/api/posts?status=all'))).toContain(post.title)
    expect(titlesOf(await admin('/api/posts?status=scheduled'))).toEqual([post.title])
    expect(titlesOf(await admin('/api/posts?status=draft'))).not.toContain(post.title)

    // Not due yet: the job leaves it alone.
    clock.tick(29 * SECOND)
    expect(await t.app.publishDuePosts()).toEqual([])
    expect((await anon(`/api/posts/slug/${post.slug}`)).statusCode).toBe(404)

    // Due: published by the job, and the cached feed (stored while it was hidden) is dropped.
    await anon('/rss.xml') // its second read stores it
    expect((await anon('/rss.xml')).headers['x-cache']).toBe('HIT')
    clock.tick(2 * SECOND)
    expect(await t.app.publishDuePosts()).toEqual([post.id])
    expect(await t.app.publishDuePosts()).toEqual([])

    const after = await publicTraces(post, 'launch')
    expect(after).toEqual({
      list: true,
      listTotal: 1,
      byTag: true,
      tagTotal: 1,
      byCategory: true,
      search: true,
      slug: 200,
      id: 200,
      rss: true,
      sitemap: true,
      tagFeed: true,
      tagPage: 200,
    })
    const published = (await anon(`/api/posts/${post.id}`)).json() as Post
    expect(published).toMatchObject({
      status: 'published',
      publishedAt: at,
      featured: true,
      featuredAt: at,
      updatedAt: clock().toISOString(),
    })
    expect(((await anon('/api/posts/featured')).json() as Post[]).map((p) => p.id)).toEqual([post.id])
  })

  it('publishes at once when the time asked for has already passed', async () => {
    const post = await createPost(t, cookie, {
      title: 'Backdated',
      status: 'scheduled',
      publishedAt: '2020-01-01T00:00:00Z',
    })
    expect(post).toMatchObject({ status: 'published', publishedAt: clock().toISOString() })
    expect((await anon(`/api/posts/slug/${post.slug}`)).statusCode).toBe(200)
  })

  it('stores the time in UTC whatever offset it was given', async () => {
    const post = await createPost(t, cookie, {
      title: 'Offset',
      status: 'scheduled',
      publishedAt: '2026-03-05T10:30:00+02:00',
    })
    expect(post).toMatchObject({ status: 'scheduled', publishedAt: '2026-03-05T08:30:00.000Z' })
  })

  it('refuses a schedule without a valid time', async () => {
    for (const payload of [
      { title: 'No time', status: 'scheduled' },
      { title: 'Null time', status: 'scheduled', publishedAt: null },
      { title: 'Bad time', status: 'scheduled', publishedAt: 'tomorrow' },
      { title: 'Local time', status: 'scheduled', publishedAt: '2026-03-05T10:30' },
      { title: 'Too far', status: 'scheduled', publishedAt: '9999-12-31T23:00:00-05:00' },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/posts', cookie, payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(typeof res.json().error).toBe('string')
    }
    const draft = await createPost(t, cookie, { title: 'Draft to schedule' })
    const res = await put(draft.id, { status: 'scheduled' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Choose a date and time to schedule the post')
  })

  it('schedules, reschedules, unschedules and publishes now through PUT', async () => {
    const post = await createPost(t, cookie, { title: 'Moving target', tags: ['moving'] })
    const first = inFuture(10 * MINUTE)
    expect((await put(post.id, { status: 'scheduled', publishedAt: first })).json()).toMatchObject({
      status: 'scheduled',
      publishedAt: first,
    })

    // An edit that leaves status and time out keeps the schedule.
    expect((await put(post.id, { title: 'Moving target, edited' })).json()).toMatchObject({
      status: 'scheduled',
      publishedAt: first,
    })
    const second = inFuture(20 * MINUTE)
    expect((await put(post.id, { publishedAt: second })).json()).toMatchObject({
      status: 'scheduled',
      publishedAt: second,
    })

    // Back to draft: it was never out, so it has no publication time.
    expect((await put(post.id, { status: 'draft' })).json()).toMatchObject({ status: 'draft', publishedAt: null })
    expect((await put(post.id, { status: 'scheduled', publishedAt: first })).json()).toMatchObject({
      status: 'scheduled',
    })

    // "Publish" now: out at once, at the current time, and counted in its tag.
    clock.tick(SECOND)
    expect((await put(post.id, { status: 'published' })).json()).toMatchObject({
      status: 'published',
      publishedAt: clock().toISOString(),
    })
    expect((await anon('/api/posts?tag=moving')).headers['x-total-count']).toBe('1')
    expect(await t.app.publishDuePosts()).not.toContain(post.id)
  })

  it('publishes a post that fell due between two checks when an edit saves it', async () => {
    const at = inFuture(MINUTE)
    const post = await createPost(t, cookie, {
      title: 'Edited at the last second',
      status: 'scheduled',
      publishedAt: at,
    })
    clock.tick(2 * MINUTE)
    expect((await put(post.id, { content: 'Final words.' })).json()).toMatchObject({
      status: 'published',
      publishedAt: clock().toISOString(),
    })
  })

  it('publishes each due post exactly once when several instances run the job at the same moment', async () => {
    const now = clock().getTime()
    const posts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createPost(t, cookie, {
          title: `Race ${i}`,
          status: 'scheduled',
          publishedAt: new Date(now + (i + 1) * MINUTE).toISOString(),
          tags: ['race'],
        }),
      ),
    )
    // The app's own timer runs on the app's clock, which stays before these times; the racers run later.
    const later = new Date(now + 10 * MINUTE)
    const runs = await Promise.all(Array.from({ length: 4 }, () => publishDuePosts(t.app.ctx.db, later)))
    const all = runs.flat()
    expect(all.sort()).toEqual(posts.map((p) => p.id).sort())
    expect(new Set(all).size).toBe(posts.length)
    const counts = await t.app.ctx.db
      .selectFrom('post_counts')
      .select(['key', 'n'])
      .where('key', '=', 'tag:race')
      .executeTakeFirst()
    expect(Number(counts?.n)).toBe(posts.length)
    const published = await t.app.ctx.db
      .selectFrom('posts')
      .select('id')
      .where('status', '=', 'published')
      .where('title', 'like', 'Race %')
      .execute()
    expect(published).toHaveLength(posts.length)
  })
})
