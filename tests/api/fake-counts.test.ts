import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { adminCookie, createPost, MINUTE } from './posts.fixtures.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { readerKeys } from '#server/http/reader-keys.ts'
import { cookieFrom, createTestApp, signedVisitorCookie, type TestApp } from '#test/support/test-app.ts'

/** Issue 13: likes and views that a script cannot inflate, and that store nothing identifying about readers. */

const open: TestApp[] = []
async function blog(opts: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(opts)
  open.push(t)
  const admin = await adminCookie(t)
  const post = await createPost(t, admin, { title: `Counted ${open.length}`, content: 'Body', status: 'published' })
  return { t, admin, postId: post.id }
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()))
})

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
type From = { ip?: string; ua?: string; cookie?: string; headers?: Record<string, string>; method?: 'POST' | 'HEAD' }

const send = (t: TestApp, postId: string, what: 'like' | 'view', from: From = {}) =>
  t.request({
    method: from.method ?? 'POST',
    url: `/api/posts/${postId}/${what}`,
    remoteAddress: from.ip ?? '203.0.113.10',
    cookie: from.cookie,
    headers: { 'user-agent': from.ua ?? BROWSER, ...from.headers },
  })

const likeCount = async (t: TestApp, postId: string) =>
  Number(
    (await t.app.ctx.db.selectFrom('posts').select('like_count').where('id', '=', postId).executeTakeFirstOrThrow())
      .like_count,
  )
async function viewCount(t: TestApp, postId: string) {
  await t.app.flushViews()
  return Number(
    (await t.app.ctx.db.selectFrom('posts').select('views').where('id', '=', postId).executeTakeFirstOrThrow()).views,
  )
}
const rowCount = async (t: TestApp, table: 'view_marks' | 'likes') =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.ctx.db)).rows[0]?.n ?? 0,
  )
const statuses = (all: LightMyRequestResponse[]) =>
  all.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {})

describe('likes from one network', () => {
  it('50 cookie-less likes from one IP, each with another user agent, add exactly 10; the rest answer 429', async () => {
    const { t, postId } = await blog()
    const all: LightMyRequestResponse[] = []
    for (let i = 0; i < 50; i++) all.push(await send(t, postId, 'like', { ua: `${BROWSER} reader/${i}` }))
    expect(statuses(all)).toEqual({ 200: 10, 429: 40 })
    expect(Number(all.at(-1)!.headers['retry-after'])).toBeGreaterThan(0)
    expect(await likeCount(t, postId)).toBe(10)
    expect((await t.request({ method: 'GET', url: `/api/posts/${postId}/likes` })).json().count).toBe(10)
  })

  it('50 concurrent cookie-less likes from one IPv6 /64, however spread over it, add exactly 10', async () => {
    const { t, postId } = await blog()
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(t, postId, 'like', { ip: `2001:db8:5:6::${(i + 1).toString(16)}`, ua: `${BROWSER} r${i}` }),
      ),
    )
    expect(statuses(all)).toEqual({ 200: 10, 429: 40 })
    expect(await likeCount(t, postId)).toBe(10)
    // Another /64 has its own budget.
    expect((await send(t, postId, 'like', { ip: '2001:db8:5:7::1' })).statusCode).toBe(200)
  })

  it('50 cookie-less likes with one user agent are one reader: exactly 1 like', async () => {
    const { t, postId } = await blog()
    const all = await Promise.all(Array.from({ length: 50 }, () => send(t, postId, 'like')))
    expect(statuses(all)).toEqual({ 200: 50 })
    expect(all.every((r) => r.json().liked === true)).toBe(true)
    expect(await likeCount(t, postId)).toBe(1)
    // The same reader on another network is another reader.
    expect((await send(t, postId, 'like', { ip: '203.0.113.11' })).json().liked).toBe(true)
    expect(await likeCount(t, postId)).toBe(2)
  })

  it('readers sharing one IP each like once with their own cookie, up to the cap; taking a like back always works and frees its place', async () => {
    const { t, postId } = await blog()
    const office = Array.from({ length: 12 }, () => signedVisitorCookie(t))
    const all: LightMyRequestResponse[] = []
    for (const cookie of office) all.push(await send(t, postId, 'like', { cookie }))
    expect(all.map((r) => r.statusCode)).toEqual([...Array(10).fill(200), 429, 429])
    expect(all[10]!.json().error).toBe('Too many likes from your network today, please try again tomorrow')
    expect(await likeCount(t, postId)).toBe(10)

    expect((await send(t, postId, 'like', { cookie: office[0] })).json()).toEqual({
      liked: false,
      message: 'Your like was removed',
    })
    expect((await send(t, postId, 'like', { cookie: office[10] })).json()).toEqual({
      liked: true,
      message: 'You liked this post',
    })
    expect((await send(t, postId, 'like', { cookie: office[11] })).statusCode).toBe(429)
    expect(await likeCount(t, postId)).toBe(10)
  })

  it('the cap lasts the UTC day', async () => {
    const clock = manualClock('2026-05-01T10:00:00.000Z')
    const { t, postId } = await blog({ clock })
    for (let i = 0; i < 10; i++) expect((await send(t, postId, 'like', { ua: `ua ${i}` })).statusCode).toBe(200)
    expect((await send(t, postId, 'like', { ua: 'ua 10' })).statusCode).toBe(429)
    clock.set('2026-05-01T23:59:00.000Z')
    expect((await send(t, postId, 'like', { ua: 'ua 11' })).statusCode).toBe(429)
    clock.set('2026-05-02T00:01:00.000Z')
    expect((await send(t, postId, 'like', { ua: 'ua 12' })).statusCode).toBe(200)
    expect(await likeCount(t, postId)).toBe(11)
  })
})

describe('views from one network', () => {
  it('30 cookie-less beacons from one IP raise the views by exactly 1, sequential or concurrent', async () => {
    const { t, postId } = await blog()
    for (let i = 0; i < 15; i++) expect((await send(t, postId, 'view')).statusCode).toBe(204)
    await Promise.all(Array.from({ length: 15 }, () => send(t, postId, 'view')))
    expect(await viewCount(t, postId)).toBe(1)
  })

  it('cookie-less beacons with ever new user agents, or ever new cookies, count 10 per post per 30 minutes', async () => {
    const clock = manualClock('2026-05-01T10:00:00.000Z')
    const { t, postId } = await blog({ clock })
    await Promise.all(Array.from({ length: 30 }, (_, i) => send(t, postId, 'view', { ua: `${BROWSER} n${i}` })))
    await Promise.all(Array.from({ length: 30 }, () => send(t, postId, 'view', { cookie: signedVisitorCookie(t) })))
    expect(await viewCount(t, postId)).toBe(10)
    clock.tick(31 * MINUTE)
    await Promise.all(Array.from({ length: 30 }, () => send(t, postId, 'view', { cookie: signedVisitorCookie(t) })))
    expect(await viewCount(t, postId)).toBe(20)
  })

  it('a reader coming back with the cookie its first beacon was given is not counted again', async () => {
    const { t, postId } = await blog()
    const first = await send(t, postId, 'view')
    const cookie = cookieFrom(first, 'vid')
    expect(cookie).toBeDefined()
    expect(t.app.ctx.keys.unsign(cookie!.slice('vid='.length))).toMatch(/^[0-9a-f-]{36}$/)
    await send(t, postId, 'view', { cookie, ua: `${BROWSER} updated` })
    expect(await viewCount(t, postId)).toBe(1)
  })

  it('repeat views of one reader, even a burst of them, use none of the network budget: 10 other readers still count', async () => {
    const { t, postId } = await blog()
    const regular = signedVisitorCookie(t)
    for (let i = 0; i < 20; i++) await send(t, postId, 'view', { cookie: regular })
    await Promise.all(Array.from({ length: 30 }, () => send(t, postId, 'view', { cookie: regular })))
    for (let i = 0; i < 9; i++) await send(t, postId, 'view', { cookie: signedVisitorCookie(t) })
    expect(await viewCount(t, postId)).toBe(10)
  })
})

describe('the caps are configurable', () => {
  it('LIKES_PER_NETWORK and VIEWS_PER_NETWORK', async () => {
    const { t, postId } = await blog({ env: { LIKES_PER_NETWORK: '3', VIEWS_PER_NETWORK: '2' } })
    const likes = []
    for (let i = 0; i < 5; i++)
      likes.push((await send(t, postId, 'like', { cookie: signedVisitorCookie(t) })).statusCode)
    expect(likes).toEqual([200, 200, 200, 429, 429])
    for (let i = 0; i < 5; i++) await send(t, postId, 'view', { cookie: signedVisitorCookie(t) })
    expect(await viewCount(t, postId)).toBe(2)
  })
})

describe('a forged or unsigned visitor cookie counts as no cookie', () => {
  it('is not taken for its visitor: a new signed cookie is issued and the like is deduplicated as cookie-less', async () => {
    const { t, postId } = await blog()
    const liked = await send(t, postId, 'like', { ua: 'first reader' })
    const genuine = cookieFrom(liked, 'vid')!
    const id = t.app.ctx.keys.unsign(genuine.slice('vid='.length))!
    const otherSecret = readerKeys(Buffer.alloc(32, 7))
    const forgeries = [
      `vid=${id}`,
      `vid=${id}.${'A'.repeat(27)}`,
      `vid=${otherSecret.sign(id)}`,
      `vid=${genuine.slice(4, -1)}`,
      'vid=',
      `vid=${'0'.repeat(36)}`,
    ]

    for (const cookie of forgeries) {
      const summary = await t.request({ method: 'GET', url: `/api/posts/${postId}/likes`, cookie })
      expect(summary.json(), cookie).toEqual({ count: 1, userHasLiked: false })
      // A cookie-less toggle of a reader who already liked today changes nothing (it cannot take the like back).
      const toggled = await send(t, postId, 'like', { cookie, ua: 'first reader' })
      expect(toggled.json(), cookie).toEqual({ liked: true, message: 'You liked this post' })
      const issued = cookieFrom(toggled, 'vid')
      expect(issued, cookie).toBeDefined()
      expect(t.app.ctx.keys.unsign(issued!.slice('vid='.length)), cookie).not.toBeNull()
    }
    expect(await likeCount(t, postId)).toBe(1)
    expect((await t.request({ method: 'GET', url: `/api/posts/${postId}/likes`, cookie: genuine })).json()).toEqual({
      count: 1,
      userHasLiked: true,
    })
  })

  it('a forged cookie per beacon does not make a new reader', async () => {
    const { t, postId } = await blog()
    await Promise.all(
      Array.from({ length: 20 }, () => send(t, postId, 'view', { cookie: `vid=${crypto.randomUUID()}` })),
    )
    expect(await viewCount(t, postId)).toBe(1)
  })
})

describe('crawlers, prefetches, prerenders and HEAD are not counted', () => {
  const robots: Array<[string, From]> = [
    ['Googlebot', { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['bingbot', { ua: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }],
    ['a link preview', { ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' }],
    ['Slack', { ua: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' }],
    ['no user agent', { ua: '' }],
    ['Sec-Purpose: prefetch', { headers: { 'sec-purpose': 'prefetch' } }],
    ['Sec-Purpose: prefetch;prerender', { headers: { 'sec-purpose': 'prefetch;prerender' } }],
    ['Purpose: prefetch', { headers: { purpose: 'prefetch' } }],
    ['X-Moz: prefetch', { headers: { 'x-moz': 'prefetch' } }],
  ]

  it('their beacons answer 204 and count nothing, their likes answer 403, HEAD counts nothing; a browser counts', async () => {
    const { t, postId } = await blog()
    for (const [name, from] of robots) {
      for (let i = 0; i < 3; i++)
        expect((await send(t, postId, 'view', { ...from, ip: `198.51.100.${i}` })).statusCode, name).toBe(204)
      const like = await send(t, postId, 'like', from)
      expect(like.statusCode, name).toBe(403)
      expect(like.headers['set-cookie'], name).toBeUndefined()
    }
    for (const what of ['view', 'like'] as const)
      expect((await send(t, postId, what, { method: 'HEAD' })).statusCode).toBeGreaterThanOrEqual(400)
    expect(
      (await t.request({ method: 'HEAD', url: `/api/posts/${postId}`, headers: { 'user-agent': BROWSER } })).statusCode,
    ).toBe(200)
    expect(t.app.pendingViews()).toBe(0)
    expect(await viewCount(t, postId)).toBe(0)
    expect(await likeCount(t, postId)).toBe(0)
    expect(await rowCount(t, 'view_marks')).toBe(0)

    // The same requests from a browser count: the rule is not "count nothing".
    expect((await send(t, postId, 'view')).statusCode).toBe(204)
    expect((await send(t, postId, 'like')).statusCode).toBe(200)
    expect(await viewCount(t, postId)).toBe(1)
    expect(await likeCount(t, postId)).toBe(1)
  })
})

describe('dedupe storage under a flood', () => {
  it('stays bounded per network and post, and holds nothing raw', async () => {
    const { t, postId } = await blog()
    const ip = '192.0.2.99'
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => send(t, postId, 'view', { ip, ua: `flood ${round}-${i}` })),
      )
      await Promise.all(
        Array.from({ length: 50 }, () => send(t, postId, 'view', { ip, cookie: signedVisitorCookie(t) })),
      )
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => send(t, postId, 'like', { ip, ua: `flood ${round}-${i}` })),
      )
    }
    // 10 counted views: a mark for each reader and one for the cookie each was given; 10 likes. Nothing more.
    expect(await rowCount(t, 'view_marks')).toBeLessThanOrEqual(20)
    expect(await rowCount(t, 'likes')).toBe(10)
    // One cap per network and post for views and likes, and a daily mark for each of the 10 cookie-less likers.
    const buckets = await t.app.ctx.db
      .selectFrom('rate_limits')
      .select('bucket')
      .where('bucket', 'like', `%${postId}%`)
      .execute()
    expect(buckets.length).toBeLessThanOrEqual(12)
    expect(await viewCount(t, postId)).toBe(10)

    const stored = JSON.stringify([
      await t.app.ctx.db.selectFrom('view_marks').selectAll().execute(),
      await t.app.ctx.db.selectFrom('rate_limits').selectAll().execute(),
      await t.app.ctx.db.selectFrom('likes').selectAll().execute(),
    ])
    expect(stored).not.toContain(ip)
    expect(stored).not.toContain('flood')
  })
})

describe('the analytics spike flag', () => {
  const admin = (t: TestApp, cookie: string) => t.request({ method: 'GET', url: '/api/stats/spikes', cookie })
  const beacons = async (t: TestApp, postId: string, n: number, prefix: string) => {
    for (let i = 0; i < n; i++) await send(t, postId, 'view', { ip: `${prefix}.${i}` })
    await t.app.flushViews()
  }

  it('flags a post whose views in the last hour are more than 20 times its daily average, and no other', async () => {
    const clock = manualClock('2026-05-01T00:00:00.000Z')
    const { t, admin: first, postId: steady } = await blog({ clock })
    const quiet = (await createPost(t, first, { title: 'Quiet', content: 'x', status: 'published' })).id
    const spiking = (await createPost(t, first, { title: 'Spiking', content: 'x', status: 'published' })).id
    clock.set('2026-05-31T12:00:00.000Z')
    const cookie = await adminCookie(t)
    // 30 days of history: steady has 100 a day (20x is 2,000), spiking 1 a day (20x is 20), quiet 1 a day too.
    const days = Array.from({ length: 30 }, (_, i) => `2026-05-${String(i + 1).padStart(2, '0')}`)
    await t.app.ctx.db
      .insertInto('post_views_daily')
      .values(
        days.flatMap((day) => [
          { post_id: steady, day, views: 100 },
          { post_id: spiking, day, views: 1 },
          { post_id: quiet, day, views: 1 },
        ]),
      )
      .execute()

    await beacons(t, steady, 60, '10.1.0')
    await beacons(t, quiet, 20, '10.2.0')
    clock.tick(40 * MINUTE)
    await beacons(t, spiking, 21, '10.3.0')

    expect((await t.request({ method: 'GET', url: '/api/stats/spikes' })).statusCode).toBe(401)
    const res = await admin(t, cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{ postId: spiking, title: 'Spiking', slug: 'spiking', lastHour: 21, dailyAverage: 1 }])

    // An hour later the burst is over.
    clock.tick(61 * MINUTE)
    expect((await admin(t, cookie)).json()).toEqual([])
  })

  it('a new post has no history: it needs more than 20 views in its first hour', async () => {
    const clock = manualClock('2026-06-01T09:00:00.000Z')
    const { t, admin: cookie, postId } = await blog({ clock })
    await beacons(t, postId, 20, '10.4.0')
    expect((await admin(t, cookie)).json()).toEqual([])
    await beacons(t, postId, 1, '10.5.0')
    expect((await admin(t, cookie)).json()).toMatchObject([{ postId, lastHour: 21, dailyAverage: 0 }])
  })
})
