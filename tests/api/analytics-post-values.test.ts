import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_DIMENSIONS, AnalyticsSummarySchema } from '#shared/schemas/analytics.ts'
import { MIGRATIONS, migrateToLatest } from '#server/db/migrate.ts'
import { addFacts, type FactRow } from '#server/features/analytics/analytics.repo.ts'
import { housekeep } from '#server/features/housekeeping/housekeeping.service.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const GOOGLE = 'https://www.google.com/'
const BING = 'https://www.bing.com/search'
const THIS = '20261130T0800-analytics-post-values'
const BEFORE = Object.keys(MIGRATIONS)
  .sort()
  .filter((name) => name < THIS)
  .at(-1)!

type ValueRow = { day: string; dimension: string; value: string; post_id: string; views: number }
const byKey = (a: ValueRow, b: ValueRow) =>
  Object.values(a).join('\t') < Object.values(b).join('\t') ? -1 : Object.values(a) > Object.values(b) ? 1 : 0

/**
 * The top posts under one row filter read per-post values, pre-summed by day and by month: each must equal the
 * per-post combinations it was summed from, through flushes, the retention fold, and the migration that fills it.
 */
describe('analytics per-post values', () => {
  let t: TestApp
  let admin: string
  const posts: Record<string, string> = {}
  const clock = manualClock('2024-03-03T10:00:00.000Z')
  let ip = 0
  const view = (title: string, referrer: string, userAgent = FIREFOX) =>
    t.request({
      method: 'POST',
      url: `/api/posts/${posts[title]}/view`,
      remoteAddress: `203.0.113.${++ip}`,
      headers: { 'user-agent': userAgent },
      payload: { referrer },
    })
  const summary = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/analytics?${query}`, cookie: admin })
    expect(res.statusCode, res.body).toBe(200)
    return AnalyticsSummarySchema.parse(res.json())
  }
  const stored = async () =>
    (
      await t.app.ctx.db
        .selectFrom('analytics_post_values')
        .select(['day', 'dimension', 'value', 'post_id', 'views'])
        .execute()
    )
      .map((r) => ({ ...r, views: Number(r.views) }))
      .sort(byKey)
  /** What the per-post values should hold: the combinations (day rows and rolled-up months) summed by month. */
  const summedFromFacts = async () => {
    const facts = await t.app.ctx.db.selectFrom('analytics_facts').selectAll().execute()
    const sums = new Map<string, ValueRow>()
    for (const fact of facts)
      for (const dimension of ANALYTICS_DIMENSIONS) {
        const value = fact[dimension]
        if (value === '') continue
        const day = `${fact.day.slice(0, 7)}-01`
        const key = [day, dimension, value, fact.post_id].join('\t')
        const row = sums.get(key) ?? { day, dimension, value, post_id: fact.post_id, views: 0 }
        sums.set(key, { ...row, views: row.views + Number(fact.views) })
      }
    return [...sums.values()].sort(byKey)
  }
  /** The top posts under one filter, summed from the combinations day by day. */
  const topPostsByDay = async (
    from: string,
    to: string,
    dimension: (typeof ANALYTICS_DIMENSIONS)[number],
    value: string,
  ) => {
    const rows = await t.app.ctx.db
      .selectFrom('analytics_facts')
      .innerJoin('posts', 'posts.id', 'analytics_facts.post_id')
      .select(['posts.id', 'posts.title', 'analytics_facts.views'])
      .where('analytics_facts.span', '=', 'day')
      .where('analytics_facts.day', '>=', from)
      .where('analytics_facts.day', '<=', to)
      .where(`analytics_facts.${dimension}`, '=', value)
      .execute()
    const sums = new Map<string, { id: string; title: string; views: number }>()
    for (const r of rows)
      sums.set(r.id, { id: r.id, title: r.title, views: (sums.get(r.id)?.views ?? 0) + Number(r.views) })
    // Most viewed first, ties by post id (as the API orders them).
    return [...sums.values()].sort((a, b) => b.views - a.views || (a.id < b.id ? -1 : 1)).map((r) => [r.title, r.views])
  }

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
    for (const title of ['Alpha', 'Beta', 'Gamma'])
      posts[title] = (await createPost(t, admin, { title, status: 'published' })).id
    const days: Array<[string, Array<[string, string, string?]>]> = [
      [
        '2024-03-03',
        [
          ['Alpha', GOOGLE],
          ['Beta', BING, IPHONE],
        ],
      ], // March, before the ranges below start
      [
        '2024-03-28',
        [
          ['Alpha', GOOGLE],
          ['Alpha', GOOGLE, IPHONE],
          ['Gamma', ''],
        ],
      ],
      [
        '2024-04-02',
        [
          ['Beta', GOOGLE],
          ['Beta', GOOGLE, IPHONE],
          ['Beta', GOOGLE],
          ['Alpha', BING],
        ],
      ],
      [
        '2024-04-29',
        [
          ['Gamma', GOOGLE, IPHONE],
          ['Gamma', GOOGLE],
        ],
      ],
      [
        '2024-05-04',
        [
          ['Alpha', GOOGLE],
          ['Gamma', BING, IPHONE],
        ],
      ],
      [
        '2024-05-18',
        [
          ['Beta', GOOGLE],
          ['Beta', GOOGLE],
        ],
      ], // after the ranges below end
    ]
    for (const [day, views] of days) {
      clock.set(`${day}T10:00:00.000Z`)
      for (const [title, referrer, userAgent] of views) await view(title, referrer, userAgent)
      await t.app.flushViews()
      await t.app.flushAnalytics()
    }
    clock.set('2024-05-20T10:00:00.000Z')
    admin = await adminCookie(t)
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.close()
  })

  it('keeps, per post, each value by month as the sum of its combinations', async () => {
    const rows = await stored()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows).toEqual(await summedFromFacts())
    expect(rows.filter((r) => r.value === '')).toEqual([])
    expect(rows).toContainEqual({
      day: '2024-04-01',
      dimension: 'source',
      value: 'Google',
      post_id: posts.Beta,
      views: 3,
    })
  })

  it('answers the top posts under one filter as the day-by-day sum, over whole and partial months', async () => {
    const ranges = [
      ['2024-03-25', '2024-05-10'], // days at both ends, April whole
      ['2024-04-01', '2024-04-30'], // exactly one month
      ['2024-03-02', '2024-05-17'], // most of March and May: their month rows less the days outside
      ['2024-04-02', '2024-04-29'], // within one month
    ] as const
    const filters = [
      ['source', 'Google'],
      ['source', 'Bing'],
      ['device', 'mobile'],
      ['browser', 'Firefox'],
    ] as const
    for (const [from, to] of ranges)
      for (const [dimension, value] of filters) {
        const read = await summary(`from=${from}&to=${to}&${dimension}=${value}`)
        expect(
          read.posts.map((r) => [r.label, r.views]),
          `${from}..${to} ${dimension}=${value}`,
        ).toEqual(await topPostsByDay(from, to, dimension, value))
      }
    const google = await summary('from=2024-03-25&to=2024-05-10&source=Google')
    // Ties are ordered by post id: compared by title here.
    const titled = (rows: Array<{ label: string; views: number }>) => rows.map((r) => `${r.label} ${r.views}`).sort()
    expect(titled(google.posts)).toEqual(['Alpha 3', 'Beta 3', 'Gamma 2'])
    const onePost = await summary(`from=2024-03-25&to=2024-05-10&source=Google&post=${posts.Gamma}`)
    expect(onePost.posts.map((r) => [r.label, r.views])).toEqual([['Gamma', 2]])
    // Two filters read the combinations: the same answer as the day-by-day sum of rows matching both.
    const both = await summary('from=2024-03-25&to=2024-05-10&source=Google&device=mobile')
    expect(titled(both.posts)).toEqual(['Alpha 1', 'Beta 1', 'Gamma 1'])
  })

  it('stays consistent with the combinations through the retention fold', async () => {
    // 90 days before 2024-08-10 is 2024-05-12: March and April are folded, May on is kept by day.
    const before = await stored()
    await housekeep(t.app.ctx.db, new Date('2024-08-10T10:00:00.000Z'), 90)
    expect(
      await t.app.ctx.db
        .selectFrom('analytics_facts')
        .select('day')
        .where('span', '=', 'day')
        .where('day', '<', '2024-05-01')
        .execute(),
    ).toEqual([])
    expect(await stored()).toEqual(before)
    expect(before).toEqual(await summedFromFacts())
    admin = await adminCookie(t) // housekeeping ran months ahead, and removed the session as expired
    // Read across the folded months, the top posts under one filter are what they were.
    const google = await summary('from=2024-03-01&to=2024-05-20&source=Google')
    expect(google.unit).toBe('day')
    expect(google.posts.map((r) => `${r.label} ${r.views}`).sort()).toEqual(['Alpha 4', 'Beta 5', 'Gamma 2'])
  })

  it('is filled from the combinations by its migration, folded months included', async () => {
    const before = await stored()
    const migrator = new Migrator({ db: t.app.ctx.db, provider: { getMigrations: async () => MIGRATIONS } })
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined()
    await migrateToLatest(t.app.ctx.db)
    expect(await stored()).toEqual(before)
  })
})

/** A flush writes each table in multi-row statements of a bounded size: a batch larger than one statement adds up. */
describe('analytics flush of more rows than one statement takes', () => {
  let t: TestApp
  afterAll(() => t.close())

  it('writes every combination, and adds to each on the next flush of the same day', async () => {
    t = await createTestApp()
    const admin = await adminCookie(t)
    const postId = (await createPost(t, admin, { title: 'Popular', status: 'published' })).id
    const none = { referrer: '', utm_source: '', utm_medium: '', utm_campaign: '' }
    // 40 sources × 3 devices × 10 browsers: 1,200 combinations, within the 50 values per day and dimension.
    const rows: FactRow[] = []
    for (let s = 0; s < 40; s++)
      for (const device of ['desktop', 'mobile', 'tablet'])
        for (let b = 0; b < 10; b++)
          rows.push({
            postId,
            values: { ...none, source: `source-${s}`, device, browser: `browser-${b}` },
            views: 2,
            visitors: 1,
          })
    const totals = async () => {
      const db = t.app.ctx.db
      const facts = await db
        .selectFrom('analytics_facts')
        .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('views').as('views')])
        .executeTakeFirstOrThrow()
      const values = await db
        .selectFrom('analytics_post_values')
        .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('views').as('views')])
        .executeTakeFirstOrThrow()
      return [facts, values].map((r) => [Number(r.rows), Number(r.views)])
    }
    await addFacts(t.app.ctx.db, '2026-01-10', rows)
    // The values: 40 sources + 3 devices + 10 browsers, each with all 2,400 views.
    expect(await totals()).toEqual([
      [1200, 2400],
      [53, 7200],
    ])
    await addFacts(t.app.ctx.db, '2026-01-10', rows)
    expect(await totals()).toEqual([
      [1200, 4800],
      [53, 14400],
    ])
  })
})
