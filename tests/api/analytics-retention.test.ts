import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AnalyticsSummarySchema } from '#shared/schemas/analytics.ts'
import { loadEnv } from '#server/env.ts'
import { housekeep } from '#server/features/housekeeping/housekeeping.service.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

describe('analytics past the retention are rolled up into months', () => {
  let t: TestApp
  let admin: string
  let postId: string
  const clock = manualClock('2024-01-15T10:00:00.000Z')
  let ip = 0
  const view = (referrer: string, userAgent = FIREFOX) =>
    t.request({
      method: 'POST',
      url: `/api/posts/${postId}/view`,
      remoteAddress: `192.0.2.${++ip}`,
      headers: { 'user-agent': userAgent },
      payload: { referrer },
    })
  const summary = (query: string) => t.request({ method: 'GET', url: `/api/analytics?${query}`, cookie: admin })
  const rows = async (table: 'analytics_facts' | 'analytics_site_facts') =>
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select(['span', 'day', 'source', 'device', 'views', 'visitors'])
        .orderBy('day')
        .orderBy('source')
        .orderBy('device')
        .execute()
    ).map((r) => ({ ...r, views: Number(r.views), visitors: Number(r.visitors) }))

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    t = await createTestApp({ clock, env: { ANALYTICS_RETENTION_DAYS: '90' } })
    admin = await adminCookie(t)
    postId = (await createPost(t, admin, { title: 'Old favourite', status: 'published' })).id
    await view('https://www.google.com/')
    clock.set('2024-01-20T10:00:00.000Z')
    await view('https://www.google.com/', IPHONE)
    await view('')
    clock.set('2024-02-10T10:00:00.000Z')
    await view('https://www.google.com/')
    clock.set('2024-06-10T10:00:00.000Z')
    await view('')
    await t.app.flushViews()
    await t.app.flushAnalytics()
    admin = await adminCookie(t) // the first session has expired in five months
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.close()
  })

  it('folds whole months before the retention into month rows, idempotently; the pre-summed tables keep only months', async () => {
    // 90 days before 2024-06-10 is 2024-03-12: January and February are folded, March on is kept by day.
    await housekeep(t.app.ctx.db, clock(), 90)
    const folded = [
      { span: 'month', day: '2024-01-01', source: 'Direct', device: 'desktop', views: 1, visitors: 1 },
      { span: 'month', day: '2024-01-01', source: 'Google', device: 'desktop', views: 1, visitors: 1 },
      { span: 'month', day: '2024-01-01', source: 'Google', device: 'mobile', views: 1, visitors: 1 },
      { span: 'month', day: '2024-02-01', source: 'Google', device: 'desktop', views: 1, visitors: 1 },
      { span: 'day', day: '2024-06-10', source: 'Direct', device: 'desktop', views: 1, visitors: 1 },
    ]
    // The site-wide rows were kept by month since they were written: June has its month row beside its day.
    const site = [
      ...folded.slice(0, 4),
      { span: 'month', day: '2024-06-01', source: 'Direct', device: 'desktop', views: 1, visitors: 1 },
      folded[4],
    ]
    expect(await rows('analytics_facts')).toEqual(folded)
    expect(await rows('analytics_site_facts')).toEqual(site)
    const totals = async () =>
      (
        await t.app.ctx.db
          .selectFrom('analytics_post_totals')
          .select(['span', 'day', 'views'])
          .orderBy('day')
          .orderBy('span')
          .execute()
      ).map((r) => ({ ...r, views: Number(r.views) }))
    const months = [
      { span: 'month', day: '2024-01-01', views: 3 },
      { span: 'month', day: '2024-02-01', views: 1 },
      { span: 'month', day: '2024-06-01', views: 1 },
      { span: 'day', day: '2024-06-10', views: 1 },
    ]
    expect(await totals()).toEqual(months)
    await housekeep(t.app.ctx.db, clock(), 90)
    expect(await rows('analytics_facts')).toEqual(folded)
    expect(await rows('analytics_site_facts')).toEqual(site)
    expect(await totals()).toEqual(months)
  })

  it('reads months for a range reaching into the folded past, filters still apply', async () => {
    const res = await summary('from=2024-01-10&to=2024-03-31')
    expect(res.statusCode, res.body).toBe(200)
    const old = AnalyticsSummarySchema.parse(res.json())
    expect(old).toMatchObject({ from: '2024-01-01', to: '2024-03-31', unit: 'month' })
    expect(old.days).toEqual([
      { day: '2024-01-01', views: 3, visitors: 3 },
      { day: '2024-02-01', views: 1, visitors: 1 },
      { day: '2024-03-01', views: 0, visitors: 0 },
    ])
    expect(old.tables.source.map((r) => [r.value, r.views])).toEqual([
      ['Google', 3],
      ['Direct', 1],
    ])
    const google = AnalyticsSummarySchema.parse((await summary('from=2024-01-10&to=2024-03-31&source=Google')).json())
    expect(google.totals).toEqual({ views: 3, visitors: 3 })
    expect(google.tables.device.map((r) => [r.value, r.views])).toEqual([
      ['desktop', 2],
      ['mobile', 1],
    ])
    const recent = AnalyticsSummarySchema.parse((await summary('days=7')).json())
    expect(recent.unit).toBe('day')
    expect(recent.totals.views).toBe(1)
  })

  it('refuses a custom range longer than the retention with a clear 400, and a retention shorter than 90 days', async () => {
    const res = await summary('from=2024-01-01&to=2024-06-01')
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatch(/A range is 1 to 90 days long/)
    expect(() => loadEnv({ ANALYTICS_RETENTION_DAYS: '10' })).toThrow()
    expect(() => loadEnv({ ANALYTICS_RETENTION_DAYS: 'two years' })).toThrow()
    expect(loadEnv({}).analyticsRetentionDays).toBe(730)
  })
})
