import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AnalyticsSummarySchema, RightNowSchema } from '#shared/schemas/analytics.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const DAY = 24 * 60 * 60 * 1000

describe('Admin → Analytics API', () => {
  let t: TestApp
  let admin: string
  let first: string
  let second: string
  const clock = manualClock('2026-04-10T12:00:00.000Z')
  let ip = 0
  const view = (postId: string, referrer: string, userAgent = FIREFOX) =>
    t.request({
      method: 'POST',
      url: `/api/posts/${postId}/view`,
      remoteAddress: `203.0.113.${++ip}`,
      headers: { 'user-agent': userAgent },
      payload: { referrer },
    })
  const summary = (query: string) => t.request({ method: 'GET', url: `/api/analytics?${query}`, cookie: admin })

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
    first = (await createPost(t, admin, { title: 'First <b>post</b>', status: 'published' })).id
    second = (await createPost(t, admin, { title: 'Second post', status: 'published' })).id
    clock.tick(-DAY) // yesterday: two Google readers of the first post
    await view(first, 'https://www.google.com/')
    await view(first, 'https://www.google.com/', IPHONE)
    clock.tick(DAY) // today: one from Hacker News on each post, one direct
    await view(first, 'https://news.ycombinator.com/item?id=1')
    await view(second, 'https://news.ycombinator.com/item?id=1')
    await view(second, '')
    await t.app.flushViews()
    await t.app.flushAnalytics()
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.close()
  })

  it('gives visitors and views per day, top posts and each table with percentages', async () => {
    const res = await summary('days=7')
    expect(res.statusCode).toBe(200)
    const body = AnalyticsSummarySchema.parse(res.json())
    expect(body).toMatchObject({ from: '2026-04-04', to: '2026-04-10' })
    expect(body.days).toHaveLength(7)
    expect(body.days.slice(-2)).toEqual([
      { day: '2026-04-09', views: 2, visitors: 2 },
      { day: '2026-04-10', views: 3, visitors: 3 },
    ])
    expect(body.posts.map((p) => [p.label, p.views, p.percent])).toEqual([
      ['First <b>post</b>', 3, 60],
      ['Second post', 2, 40],
    ])
    expect(body.tables.source.map((r) => [r.value, r.views, r.percent])).toEqual([
      ['Google', 2, 40],
      ['Hacker News', 2, 40],
      ['Direct', 1, 20],
    ])
    expect(body.tables.device.map((r) => [r.value, r.views])).toEqual([
      ['desktop', 4],
      ['mobile', 1],
    ])
  })

  it('narrows to one post, or to one row value (chart and top posts)', async () => {
    const onePost = AnalyticsSummarySchema.parse((await summary(`days=7&post=${second}`)).json())
    expect(onePost.tables.source.map((r) => r.value)).toEqual(['Direct', 'Hacker News'])
    const google = AnalyticsSummarySchema.parse((await summary('days=30&source=Google')).json())
    expect(google.days.reduce((sum, d) => sum + d.views, 0)).toBe(2)
    expect(google.posts.map((p) => p.value)).toEqual([first])
  })

  it('cross-filters: a row value narrows the totals and every other table, and filters combine', async () => {
    const google = AnalyticsSummarySchema.parse((await summary('days=30&source=Google')).json())
    expect(google.totals).toEqual({ views: 2, visitors: 2 })
    expect(google.tables.device.map((r) => [r.value, r.views])).toEqual([
      ['desktop', 1],
      ['mobile', 1],
    ])
    expect(google.tables.referrer.map((r) => r.value)).toEqual(['www.google.com'])
    expect(google.tables.browser.map((r) => [r.value, r.views])).toEqual([
      ['Firefox', 1],
      ['Safari', 1],
    ])
    const mobileGoogle = AnalyticsSummarySchema.parse((await summary('days=30&source=Google&device=mobile')).json())
    expect(mobileGoogle.totals.views).toBe(1)
    expect(mobileGoogle.tables.browser.map((r) => r.value)).toEqual(['Safari'])
    const hackerNewsOnSecond = AnalyticsSummarySchema.parse(
      (await summary(`days=7&source=${encodeURIComponent('Hacker News')}&post=${second}`)).json(),
    )
    expect(hackerNewsOnSecond.totals.views).toBe(1)
    expect(hackerNewsOnSecond.posts.map((p) => p.value)).toEqual([second])
    expect(hackerNewsOnSecond.tables.device.map((r) => [r.value, r.views])).toEqual([['desktop', 1]])
    const none = AnalyticsSummarySchema.parse((await summary('days=30&source=Google&device=tablet')).json())
    expect(none.totals).toEqual({ views: 0, visitors: 0 })
    expect(none.posts).toEqual([])
  })

  it('refuses unknown filter parameters and oversized values with a 400', async () => {
    for (const query of [
      'days=7&colour=red',
      `days=7&source=${'x'.repeat(201)}`,
      'days=7&device=',
      'days=7&dimension=source&value=Google',
    ]) {
      const res = await summary(query)
      expect(res.statusCode, query).toBe(400)
    }
    const csv = await t.request({
      method: 'GET',
      url: '/api/analytics/export.csv?days=7&table=days&x=1',
      cookie: admin,
    })
    expect(csv.statusCode).toBe(400)
  })

  it('takes a custom range and refuses reversed, future, too long or malformed ones with a clear 400', async () => {
    const custom = AnalyticsSummarySchema.parse((await summary('from=2026-04-09&to=2026-04-09')).json())
    expect(custom.days).toEqual([{ day: '2026-04-09', views: 2, visitors: 2 }])
    for (const [query, message] of [
      ['from=2026-04-10&to=2026-04-01', /starts after it ends/],
      ['from=2026-04-01&to=2026-05-01', /future/],
      ['from=2020-01-01&to=2026-04-01', /1 to 730 days/],
      ['from=yesterday&to=2026-04-01', /YYYY-MM-DD/],
      ['days=8', /./],
      ['from=2026-04-01', /both from and to/],
    ] as const) {
      const res = await summary(query)
      expect(res.statusCode, query).toBe(400)
      expect(res.body, query).toMatch(message)
    }
  })

  it('shows readers of the last five minutes and what they read, right now', async () => {
    const rightNow = async () =>
      RightNowSchema.parse((await t.request({ method: 'GET', url: '/api/analytics/right-now', cookie: admin })).json())
    expect(await rightNow()).toEqual({
      readers: 3,
      posts: [
        { postId: second, title: 'Second post', readers: 2 },
        { postId: first, title: 'First <b>post</b>', readers: 1 },
      ],
    })
    clock.tick(6 * 60 * 1000)
    expect(await rightNow()).toEqual({ readers: 0, posts: [] })
  })

  it('exports the table in view as CSV, formulas escaped', async () => {
    const csv = (query: string) =>
      t.request({ method: 'GET', url: `/api/analytics/export.csv?${query}`, cookie: admin })
    const sources = await csv('days=7&table=source')
    expect(sources.statusCode).toBe(200)
    expect(sources.headers['content-type']).toMatch(/^text\/csv/)
    expect(sources.headers['content-disposition']).toBe(
      'attachment; filename="analytics-source-2026-04-04-2026-04-10.csv"',
    )
    expect(sources.body).toBe('source,visitors,views,percent\nGoogle,2,2,40\nHacker News,2,2,40\nDirect,1,1,20\n')
    expect((await csv('from=2026-04-09&to=2026-04-10&table=days')).body).toBe(
      'day,visitors,views\n2026-04-09,2,2\n2026-04-10,3,3\n',
    )
    const posts = await csv('days=7&table=posts')
    expect(posts.body.split('\n')[1]).toBe('First <b>post</b>,3,3,60')
    expect((await csv('days=7&table=nope')).statusCode).toBe(400)
    expect((await csv('from=2026-04-10&to=2026-04-01&table=days')).statusCode).toBe(400)

    const formula = (await createPost(t, admin, { title: '=HYPERLINK("https://evil.example")', status: 'published' }))
      .id
    await view(formula, '')
    await t.app.flushAnalytics()
    const lines = (await csv('days=7&table=posts')).body.split('\n')
    expect(lines).toContain(`"'=HYPERLINK(""https://evil.example"")",1,1,16.7`)
  })

  it('is for admins only', async () => {
    for (const url of ['/api/analytics?days=7', '/api/analytics/right-now', '/api/analytics/export.csv?table=days'])
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401)
  })
})
