import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AnalyticsSummarySchema } from '#shared/schemas/analytics.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0'

/** A range is read from whole-month rows plus the days at its ends: nothing counted twice, nothing outside it. */
describe('analytics ranges over the pre-summed months', () => {
  let t: TestApp
  let admin: string
  let a: string
  let b: string
  const clock = manualClock('2024-03-20T10:00:00.000Z')
  let ip = 0
  const view = (postId: string, referrer: string) =>
    t.request({
      method: 'POST',
      url: `/api/posts/${postId}/view`,
      remoteAddress: `198.51.100.${++ip}`,
      headers: { 'user-agent': FIREFOX },
      payload: { referrer },
    })
  const summary = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/analytics?${query}`, cookie: admin })
    expect(res.statusCode, res.body).toBe(200)
    return AnalyticsSummarySchema.parse(res.json())
  }
  const google = 'https://www.google.com/'

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
    a = (await createPost(t, admin, { title: 'Post A', status: 'published' })).id
    b = (await createPost(t, admin, { title: 'Post B', status: 'published' })).id
    await view(a, google) // before the range below
    clock.set('2024-03-28T10:00:00.000Z') // the range's first days
    await view(a, google)
    await view(b, '')
    await t.app.flushAnalytics()
    clock.set('2024-04-15T10:00:00.000Z') // its whole month
    await view(b, google)
    await view(b, google)
    clock.set('2024-05-05T10:00:00.000Z') // its last days
    await view(a, '')
    await t.app.flushAnalytics()
    clock.set('2024-05-15T10:00:00.000Z') // after it
    await view(a, google)
    clock.set('2024-05-20T10:00:00.000Z')
    await t.app.flushViews()
    await t.app.flushAnalytics()
    admin = await adminCookie(t)
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.close()
  })

  it('keeps a month row beside the day rows in the pre-summed tables, each the sum of its days', async () => {
    for (const table of ['analytics_post_totals', 'analytics_site_facts'] as const) {
      const rows = await t.app.ctx.db.selectFrom(table).select(['span', 'day', 'views']).execute()
      const sum = (span: string, month: string) =>
        rows.filter((r) => r.span === span && r.day.startsWith(month)).reduce((n, r) => n + Number(r.views), 0)
      for (const [month, views] of [
        ['2024-03', 3],
        ['2024-04', 2],
        ['2024-05', 2],
      ] as const) {
        expect(sum('day', month), `${table} ${month} days`).toBe(views)
        expect(sum('month', month), `${table} ${month} month`).toBe(views)
        expect(
          rows.filter((r) => r.span === 'month' && r.day.startsWith(month)).every((r) => r.day.endsWith('-01')),
        ).toBe(true)
      }
    }
  })

  it('counts the days at both ends and the whole month between, once each', async () => {
    const range = await summary('from=2024-03-25&to=2024-05-10')
    expect(range.unit).toBe('day')
    expect(range.totals).toEqual({ views: 5, visitors: 5 })
    expect(range.posts.map((r) => [r.label, r.views])).toEqual([
      ['Post B', 3],
      ['Post A', 2],
    ])
    expect(range.tables.source.map((r) => [r.value, r.views])).toEqual([
      ['Google', 3],
      ['Direct', 2],
    ])
    expect(range.days.filter((d) => d.views > 0)).toEqual([
      { day: '2024-03-28', views: 2, visitors: 2 },
      { day: '2024-04-15', views: 2, visitors: 2 },
      { day: '2024-05-05', views: 1, visitors: 1 },
    ])
    const filtered = await summary('from=2024-03-25&to=2024-05-10&source=Google')
    expect(filtered.totals.views).toBe(3)
    expect(filtered.posts.map((r) => [r.label, r.views])).toEqual([
      ['Post B', 2],
      ['Post A', 1],
    ])
    expect(filtered.tables.device.map((r) => [r.value, r.views])).toEqual([['desktop', 3]])
  })

  it('reads a range of exactly whole months, and one within a single month', async () => {
    const april = await summary('from=2024-04-01&to=2024-04-30')
    expect(april.totals.views).toBe(2)
    expect(april.posts.map((r) => [r.label, r.views])).toEqual([['Post B', 2]])
    expect(april.tables.source.map((r) => [r.value, r.views])).toEqual([['Google', 2]])
    const inMay = await summary('from=2024-05-02&to=2024-05-16')
    expect(inMay.posts.map((r) => [r.label, r.views])).toEqual([['Post A', 2]])
    expect(inMay.tables.source.map((r) => [r.value, r.views])).toEqual([
      ['Direct', 1],
      ['Google', 1],
    ])
    // Most of May is in range: read as May's row less its days outside; Google, seen only outside, is not listed.
    const mostOfMay = await summary('from=2024-05-03&to=2024-05-14')
    expect(mostOfMay.totals).toEqual({ views: 1, visitors: 1 })
    expect(mostOfMay.posts.map((r) => [r.label, r.views])).toEqual([['Post A', 1]])
    expect(mostOfMay.tables.source.map((r) => [r.value, r.views])).toEqual([['Direct', 1]])
    const all = await summary('days=90')
    expect(all.totals.views).toBe(7)
    expect(all.posts.map((r) => [r.label, r.views])).toEqual([
      ['Post A', 4],
      ['Post B', 3],
    ])
    const onePost = await summary(`days=90&post=${b}`)
    expect(onePost.posts.map((r) => [r.label, r.views])).toEqual([['Post B', 3]])
    expect(onePost.totals.views).toBe(3)
  })
})
