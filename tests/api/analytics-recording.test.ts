import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { ANALYTICS_DIMENSIONS } from '#shared/schemas/analytics.ts'
import { TOP_VALUES_PER_DAY } from '../../src/server/features/analytics/analytics.repo.ts'
import { adminCookie, createPost } from './posts.fixtures.ts'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

describe('what a view records for analytics', () => {
  let t: TestApp
  let admin: string
  const clock = manualClock('2026-03-02T10:00:00.000Z')
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    t = await createTestApp({ clock })
    admin = await adminCookie(t)
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.close()
  })

  const published = async (title: string) => (await createPost(t, admin, { title, status: 'published' })).id
  let ip = 0
  /** Each call is a new reader (its own network) unless `from` repeats one. */
  const view = (
    postId: string,
    body: Record<string, unknown> | undefined,
    headers: Record<string, string> = {},
    from = `198.51.100.${++ip}`,
  ) =>
    t.request({
      method: 'POST',
      url: `/api/posts/${postId}/view`,
      remoteAddress: from,
      headers: { 'user-agent': FIREFOX, ...headers },
      ...(body ? { payload: body } : {}),
    })

  async function stored(postId: string) {
    await t.app.flushViews()
    await t.app.flushAnalytics()
    const facts = await t.app.ctx.db
      .selectFrom('analytics_facts')
      .selectAll()
      .where('post_id', '=', postId)
      .where('span', '=', 'day')
      .execute()
    // Per dimension and value, summed over the combinations ('' is "none").
    const sums = new Map<string, { day: string; dimension: string; value: string; views: number; visitors: number }>()
    for (const f of facts)
      for (const dimension of ANALYTICS_DIMENSIONS) {
        const value = f[dimension]
        if (value === '') continue
        const key = `${f.day}\t${dimension}\t${value}`
        const before = sums.get(key) ?? { day: f.day, dimension, value, views: 0, visitors: 0 }
        sums.set(key, {
          ...before,
          views: before.views + Number(f.views),
          visitors: before.visitors + Number(f.visitors),
        })
      }
    return [...sums.values()].sort((a, b) => a.dimension.localeCompare(b.dimension) || a.value.localeCompare(b.value))
  }
  const valuesOf = (rows: Awaited<ReturnType<typeof stored>>, dimension: string) =>
    Object.fromEntries(rows.filter((r) => r.dimension === dimension).map((r) => [r.value, [r.views, r.visitors]]))

  it('records source, referrer host, UTM values, device and browser per day, and first views as visitors', async () => {
    const postId = await published('Analytics recorded')
    const other = await published('Read second')
    expect((await view(postId, { referrer: 'https://www.google.com/search?q=private+words' })).statusCode).toBe(204)
    await view(postId, { referrer: 'https://mastodon.social/@me/1' }, { 'user-agent': IPHONE })
    await view(postId, { landing: '?utm_source=newsletter&utm_medium=email&utm_campaign=march' })
    // No beacon body: the Referer header is used.
    const headerOnly = await view(postId, undefined, { referer: 'https://friend.example/links?secret=1' })
    expect(headerOnly.statusCode, headerOnly.body).toBe(204)
    // The same reader's second post that day is a view but not a new visitor.
    await view(other, {}, {}, '198.51.100.1')

    const rows = await stored(postId)
    expect(rows.every((r) => r.day === '2026-03-02')).toBe(true)
    expect(valuesOf(rows, 'source')).toEqual({
      Google: [1, 1],
      Fediverse: [1, 1],
      Newsletter: [1, 1],
      'friend.example': [1, 1],
    })
    expect(valuesOf(rows, 'referrer')).toEqual({
      'www.google.com': [1, 1],
      'mastodon.social': [1, 1],
      'friend.example': [1, 1],
    })
    expect(valuesOf(rows, 'utm_campaign')).toEqual({ march: [1, 1] })
    expect(valuesOf(rows, 'device')).toEqual({ desktop: [3, 3], mobile: [1, 1] })
    expect(valuesOf(rows, 'browser')).toEqual({ Firefox: [3, 3], Safari: [1, 1] })
    expect(valuesOf(await stored(other), 'device')).toEqual({ desktop: [1, 0] })
    // Nothing stored anywhere holds a path, a query or a full user agent.
    expect(JSON.stringify(rows)).not.toMatch(/private|secret|Mozilla|search\?/)
  })

  it('keeps no reader hash past its day', async () => {
    const postId = await published('Next day')
    await view(postId, {})
    clock.tick(24 * 60 * 60 * 1000)
    await view(postId, {})
    await stored(postId)
    const days = await t.app.ctx.db.selectFrom('analytics_visitors_today').select('day').distinct().execute()
    expect(days.map((d) => d.day)).toEqual(['2026-03-03'])
  })

  it('with Sec-GPC or DNT counts the view and records nothing else', async () => {
    const postId = await published('Private readers')
    await view(postId, { referrer: 'https://www.google.com/' }, { 'sec-gpc': '1' })
    await view(postId, { referrer: 'https://www.google.com/' }, { dnt: '1' })
    expect(await stored(postId)).toEqual([])
    const post = await t.app.ctx.db
      .selectFrom('posts')
      .select('views')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow()
    expect(Number(post.views)).toBe(2)
  })

  it('stores hostile referrers and UTM values cut or not at all, and a flood of values as Other', async () => {
    const postId = await published('Hostile input')
    for (const body of [
      { referrer: 'javascript:alert(document.cookie)' },
      { referrer: `https://${'a'.repeat(10_000)}.example/` },
      { referrer: '\u0000\u0001\u0002binary', landing: `?utm_campaign=${'x'.repeat(10_000)}&utm_medium=%00%ff` },
    ])
      expect((await view(postId, body)).statusCode).toBe(204)
    expect((await view(postId, { referrer: 42 })).statusCode).toBe(400)
    const rows = await stored(postId)
    expect(valuesOf(rows, 'source')).toEqual({ Direct: [3, 3] })
    expect(valuesOf(rows, 'referrer')).toEqual({})
    expect(Object.keys(valuesOf(rows, 'utm_campaign'))).toEqual(['x'.repeat(80)])

    clock.tick(24 * 60 * 60 * 1000) // a day of its own
    const flooded = await published('Flooded')
    for (let i = 0; i < TOP_VALUES_PER_DAY + 5; i++) await view(flooded, { landing: `?utm_campaign=made-up-${i}` })
    const campaigns = valuesOf(await stored(flooded), 'utm_campaign')
    expect(Object.keys(campaigns)).toHaveLength(TOP_VALUES_PER_DAY + 1)
    expect(campaigns['Other']).toEqual([5, 5])
  })
})
