import type { InjectOptions } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { App } from '#server/context.ts'
import { openDatabase, type DbHandle } from '#server/db/client.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'

/**
 * The counters kept on posts must equal a recount after concurrent likes, comments and view flushes. On
 * PostgreSQL the writes are spread over two instances (two pools) on one database, as behind a load balancer.
 */
describe('stored counters stay exact', () => {
  let t: TestApp
  let other: App
  let otherHandle: DbHandle | null = null
  let admin: string

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminCookie(t)
    if (t.databaseUrl) {
      otherHandle = openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.app.ctx.env.dataDir })
      other = await buildApp({ database: otherHandle, env: t.app.ctx.env })
      await other.ready()
    } else {
      other = t.app // SQLite runs one process per database file
    }
  })
  afterAll(async () => {
    if (otherHandle) {
      await other.close()
      await otherHandle.close()
    }
    await t.close()
  })

  const either = (i: number) => (i % 2 ? other : t.app)
  const send = (i: number, opts: InjectOptions) =>
    either(i).inject({ ...opts, headers: { origin: ORIGIN, ...(opts.headers ?? {}) } })

  async function recount(postId: string) {
    const db = t.app.ctx.db
    const stored = await db
      .selectFrom('posts')
      .select(['like_count', 'comment_count', 'views'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow()
    const likes = await db
      .selectFrom('likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow()
    const comments = await db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', postId)
      .where('is_approved', '=', 1)
      .executeTakeFirstOrThrow()
    const views = await db
      .selectFrom('post_views_daily')
      .select(sql<number>`coalesce(sum(views), 0)`.as('n'))
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow()
    return {
      stored: { likes: Number(stored.like_count), comments: Number(stored.comment_count), views: Number(stored.views) },
      counted: { likes: Number(likes.n), comments: Number(comments.n), views: Number(views.n) },
    }
  }

  it('likes toggled concurrently from many readers, on two instances', async () => {
    const post = await createPost(t, admin, { title: 'Liked', content: 'x', status: 'published' })
    const like = (i: number, cookie?: string) =>
      send(i, {
        method: 'POST',
        url: `/api/posts/${post.id}/like`,
        remoteAddress: `198.18.${i >> 8}.${i & 255}`,
        headers: cookie ? { cookie } : {},
      })
    const first = await Promise.all(Array.from({ length: 60 }, (_, i) => like(i)))
    expect(first.every((r) => r.statusCode === 200 && r.json().liked)).toBe(true)
    // Half of them take their like back, concurrently with new ones and with repeats of the same toggle.
    const cookies = first
      .map((r) => r.cookies.find((c) => c.name === 'vid'))
      .map((c) => (c ? `vid=${c.value}` : undefined))
    await Promise.all([
      ...cookies.slice(0, 30).map((c, i) => like(i, c)),
      ...Array.from({ length: 20 }, (_, i) => like(100 + i)),
    ])
    const { stored, counted } = await recount(post.id)
    expect(stored.likes).toBe(counted.likes)
    expect(counted.likes).toBe(50)
    expect((await t.request({ method: 'GET', url: `/api/posts/${post.id}/likes` })).json().count).toBe(50)
  })

  it('comments approved twice at once and deleted concurrently', async () => {
    const post = await createPost(t, admin, { title: 'Discussed', content: 'x', status: 'published' })
    const ids: string[] = []
    for (let i = 0; i < 24; i++) {
      const res = await send(i, {
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        payload: { content: `c${i}` },
        remoteAddress: `198.19.0.${i}`,
      })
      expect(res.statusCode).toBe(201)
      ids.push(res.json().id)
    }
    const approve = (id: string, i: number) =>
      send(i, { method: 'PUT', url: `/api/admin/comments/${id}/approve`, headers: { cookie: admin } })
    await Promise.all(ids.slice(0, 16).flatMap((id, i) => [approve(id, i), approve(id, i + 1)]))
    const remove = (id: string, i: number) =>
      send(i, { method: 'DELETE', url: `/api/admin/comments/${id}`, headers: { cookie: admin } })
    await Promise.all([
      ...ids.slice(0, 4).flatMap((id, i) => [remove(id, i), remove(id, i + 1)]),
      ...ids.slice(20).map((id, i) => remove(id, i)),
    ])
    const { stored, counted } = await recount(post.id)
    expect(counted.comments).toBe(12)
    expect(stored.comments).toBe(counted.comments)
  })

  it('views flushed by both instances while beacons arrive', async () => {
    const post = await createPost(t, admin, { title: 'Viewed', content: 'x', status: 'published' })
    const beacons = Array.from({ length: 40 }, (_, i) =>
      send(i, {
        method: 'POST',
        url: `/api/posts/${post.id}/view`,
        remoteAddress: `198.20.0.${i}`,
        headers: { 'user-agent': `Reader ${i}` },
      }),
    )
    const flushes = Array.from({ length: 6 }, (_, i) => either(i).flushViews())
    await Promise.all([...beacons, ...flushes])
    await Promise.all([t.app.flushViews(), other.flushViews()])
    const { stored, counted } = await recount(post.id)
    expect(counted.views).toBe(40)
    expect(stored.views).toBe(counted.views)
  })

  it('published counts per listing follow publishing, moving and deleting', async () => {
    const db = t.app.ctx.db
    const count = async (key: string) =>
      Number((await db.selectFrom('post_counts').select('n').where('key', '=', key).executeTakeFirst())?.n ?? 0)
    const truth = async () =>
      Number(
        (
          await db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'published')
            .executeTakeFirstOrThrow()
        ).n,
      )
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        either(i).inject({
          method: 'POST',
          url: '/api/posts',
          headers: { origin: ORIGIN, cookie: admin },
          payload: { title: `Bulk ${i}`, content: 'x', status: i % 3 ? 'published' : 'draft', tags: ['Shared'] },
        }),
      ),
    )
    const ids = made.map((r) => r.json().id as string)
    await Promise.all(
      ids.map((id, i) =>
        send(i, {
          method: 'PUT',
          url: `/api/posts/${id}`,
          headers: { cookie: admin },
          payload: { status: i % 2 ? 'published' : 'draft' },
        }),
      ),
    )
    await Promise.all(
      ids
        .slice(0, 3)
        .map((id, i) => send(i, { method: 'DELETE', url: `/api/posts/${id}`, headers: { cookie: admin } })),
    )
    expect(await count('published')).toBe(await truth())
    const tagged = await db
      .selectFrom('post_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tag_key', '=', 'shared')
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow()
    expect(await count('tag:shared')).toBe(Number(tagged.n))
  })
})
