// npm run bench:analytics [-- --days 730 --posts 2000]: every analytics API Admin → Analytics calls, timed on a blog
// with two years of aggregates for 2,000 posts (about 10 million views), with and without filters, on SQLite and
// (with TEST_DATABASE_URL=postgres://…/postgres) on PostgreSQL. The aggregate rows are seeded with one bulk insert
// per engine, not by views. Each API is called once to warm up, then 7 times in process (inject: no network); the
// median is printed. Target: each < 150 ms. `--explain` prints the plans of the widest reads; `--engine` picks one.
// `--keep NAME` seeds into a database named by NAME (kept after the run, migrated on the next) and reuses it when it
// is already seeded: seeding takes minutes. Drop it afterwards (`dropdb blog_kept_NAME`, `rm -r /tmp/blog-kept-*`).
import { ANALYTICS_DIMENSIONS } from '#shared/schemas/analytics.ts'
import { sql } from 'kysely'
import { adminCookie } from '#test/api/posts.fixtures.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { seedPosts } from './bench/seed-posts.ts'
import { spansOf } from '#server/features/analytics/analytics.summary.ts'

const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const DAYS = Number(flag('days') ?? 730)
const POSTS = Number(flag('posts') ?? 2000)
/** `--engine postgres` or `--engine sqlite`: one engine only. */
const ENGINE = flag('engine')
/** `--explain`: also print the query plans of the widest reads (every one must be bounded by the day). */
const EXPLAIN = args.includes('--explain')
const KEEP = flag('keep')
const RUNS = 7
const TARGET_MS = 150

const SOURCES: Array<[string, string]> = [
  ['Direct', ''],
  ['Google', 'www.google.com'],
  ['Bing', 'www.bing.com'],
  ['DuckDuckGo', 'duckduckgo.com'],
  ['Fediverse', 'mastodon.social'],
  ['Fediverse', 'fosstodon.org'],
  ['Hacker News', 'news.ycombinator.com'],
  ['Reddit', 'www.reddit.com'],
  ['Newsletter', ''],
  ['Bluesky', 'bsky.app'],
  ['friend.example', 'friend.example'],
  ['LinkedIn', 'www.linkedin.com'],
]
const DEVICES = ['desktop', 'mobile', 'tablet']
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Microsoft Edge', 'Samsung Internet for Android', 'Opera']

/** Three combinations per post and day, 1–4 views each (about 2.5): 730 × 2,000 × 3 × 2.5 ≈ 11 million views. */
async function seedFacts(t: TestApp, today: Date) {
  const db = t.app.ctx.db
  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(today.getTime() - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  )
  // Numbers as literals: PostgreSQL would type untyped parameters in VALUES as text.
  const values = (rows: Array<Array<string | number>>) =>
    sql.join(rows.map((r) => sql`(${sql.join(r.map((x) => (typeof x === 'number' ? sql.lit(x) : sql`${x}`)))})`))
  const dims = sql.join(ANALYTICS_DIMENSIONS.map((d) => sql.ref(d)))
  await sql`
    with d(n, day) as (values ${values(days.map((day, n) => [n, day]))}),
      p(n, id) as (select row_number() over (order by id), id from posts),
      c(n) as (values (0), (1), (2)),
      s(n, source, referrer) as (values ${values(SOURCES.map(([s, r], n) => [n, s, r]))}),
      v(n, device) as (values ${values(DEVICES.map((x, n) => [n, x]))}),
      b(n, browser) as (values ${values(BROWSERS.map((x, n) => [n, x]))})
    insert into analytics_facts (span, day, post_id, ${dims}, views, visitors)
    select 'day', d.day, p.id, s.source, s.referrer,
      case when s.source = 'Newsletter' then 'newsletter' else '' end,
      case when s.source = 'Newsletter' then 'email' else '' end,
      case when s.source = 'Newsletter' then 'issue-' || (d.n / 7) % 40 else '' end,
      v.device, b.browser,
      1 + (d.n * 3 + p.n * 7 + c.n * 11) % 4, 1 + (d.n * 3 + p.n * 7 + c.n * 11) % 2
    from d cross join p cross join c
    join s on s.n = (d.n + p.n + c.n * 5) % 12
    join v on v.n = (d.n * 5 + p.n + c.n) % 3
    join b on b.n = (d.n + p.n * 3 + c.n) % 6
    where 1 = 1`.execute(db)
  // The pre-summed tables keep each month as well as each day, as a flush writes them, and in day order, as they are
  // written over time (PostgreSQL's heap then holds a range's rows together, as in a real blog).
  for (const [span, period] of [
    ['day', sql`day`],
    ['month', sql`substr(day, 1, 7) || '-01'`],
  ] as const) {
    await sql`
      insert into analytics_site_facts (span, day, ${dims}, views, visitors)
      select ${sql.lit(span)}, ${period}, ${dims}, sum(views), sum(visitors) from analytics_facts
      group by ${period}, ${dims} order by 2`.execute(db)
    await sql`
      insert into analytics_post_totals (span, day, post_id, views, visitors)
      select ${sql.lit(span)}, ${period}, post_id, sum(views), sum(visitors) from analytics_facts
      group by ${period}, post_id order by 2`.execute(db)
    if (span === 'month')
      for (const d of ANALYTICS_DIMENSIONS)
        await sql`
          insert into analytics_post_values (day, dimension, value, post_id, views, visitors)
          select ${period}, ${sql.lit(d)}, ${sql.ref(d)}, post_id, sum(views), sum(visitors)
          from analytics_facts where ${sql.ref(d)} <> ''
          group by ${period}, ${sql.ref(d)}, post_id order by 1`.execute(db)
  }
  await sql`analyze`.execute(db)
  return countFacts(t)
}

async function countFacts(t: TestApp) {
  const db = t.app.ctx.db
  const total = await db
    .selectFrom('analytics_facts')
    .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('views').as('views')])
    .executeTakeFirstOrThrow()
  const site = await db
    .selectFrom('analytics_site_facts')
    .select((eb) => eb.fn.countAll<number>().as('rows'))
    .executeTakeFirstOrThrow()
  return { rows: Number(total.rows), views: Number(total.views), siteRows: Number(site.rows) }
}

async function explain(t: TestApp, engine: 'sqlite' | 'postgres', post: string) {
  const from = new Date(t.app.ctx.clock().getTime() - 89 * 86_400_000).toISOString().slice(0, 10)
  const today = t.app.ctx.clock().toISOString().slice(0, 10)
  // Two years: the whole months as month rows, this month's days as day rows (what the summary reads).
  const {
    months: [first, last] = ['', ''],
    days,
    minus,
  } = spansOf(`${Number(today.slice(0, 4)) - 2}${today.slice(4, 7)}-01`, today, today)
  const months = sql`((span = 'month' and day between ${first} and ${last})
    ${sql.join(
      [...days, ...minus].map(([a, b]) => sql`or (span = 'day' and day between ${a} and ${b})`),
      sql` `,
    )})`
  const reads = {
    'site-wide table, filtered (90 days)': sql`select browser, sum(views) from analytics_site_facts
      where span = 'day' and day between ${from} and ${today} and source = 'Google' and device = 'mobile'
      group by browser`,
    'top posts, unfiltered (two years)': sql`select post_id || '' as p, sum(views) as v from analytics_post_totals
      where ${months} group by post_id || '' order by v desc limit 20`,
    'top posts, two filters (90 days)': sql`select post_id || '' as p, sum(views) as v from analytics_facts
      where day between ${from} and ${today} and source = 'Google' and device = 'mobile'
      group by post_id || '' order by v desc limit 20`,
    'top posts, one filter (two years)': sql`select post_id || '' as p, sum(views) as v from analytics_post_values
      where dimension = 'source' and value = 'Google' and day between ${first} and ${last}
      group by post_id || '' order by v desc limit 20`,
    'one post, filtered (90 days)': sql`select device, sum(views) from analytics_facts
      where post_id = ${post} and day between ${from} and ${today} and source = 'Google' group by device`,
  }
  for (const [name, query] of Object.entries(reads)) {
    const prefix = engine === 'sqlite' ? sql`explain query plan ` : sql`explain `
    const { rows } = await sql<Record<string, string>>`${prefix}${query}`.execute(t.app.ctx.db)
    console.log(`${engine} plan, ${name}:\n  ${rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n  ')}`)
  }
}

async function bench(engine: 'sqlite' | 'postgres') {
  let now = new Date()
  const t = await createTestApp({ engine, keep: KEEP, clock: () => new Date(now) })
  try {
    let started = Date.now()
    // A kept database is read as of the day it was seeded up to.
    const lastDay = await t.app.ctx.db
      .selectFrom('analytics_facts')
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirst()
    if (lastDay?.day) now = new Date(`${lastDay.day}T12:00:00Z`)
    else await seedPosts(t.app.ctx.db, POSTS)
    const today = t.app.ctx.clock()
    const post = (await t.app.ctx.db.selectFrom('posts').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const seeded = lastDay?.day ? await countFacts(t) : await seedFacts(t, today)
    console.log(
      `${engine}: ${POSTS} posts, ${seeded.rows.toLocaleString()} rows (${seeded.siteRows.toLocaleString()} site-wide), ` +
        `${seeded.views.toLocaleString()} views, ${lastDay?.day ? 'kept' : 'seeded'} in ${Math.round((Date.now() - started) / 1000)} s`,
    )
    if (EXPLAIN) await explain(t, engine, post)
    const cookie = await adminCookie(t)
    const year = `from=${new Date(today.getTime() - 364 * 86_400_000).toISOString().slice(0, 10)}&to=${today.toISOString().slice(0, 10)}`
    const all = `from=${new Date(today.getTime() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10)}&to=${today.toISOString().slice(0, 10)}`
    // Mid-month to mid-month: about half of each end month's days are read from the combinations (the worst case of
    // the top posts under one filter, which read whole months from the per-post values).
    const monthsBack = (n: number, day: number) =>
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, day)).toISOString().slice(0, 10)
    const midMonths = `from=${monthsBack(12, 16)}&to=${monthsBack(1, 15)}`
    const urls = [
      '/api/analytics?days=7',
      '/api/analytics?days=30',
      '/api/analytics?days=90',
      `/api/analytics?${year}`,
      `/api/analytics?${all}`,
      '/api/analytics?days=30&source=Google',
      '/api/analytics?days=30&source=Google&device=mobile',
      '/api/analytics?days=90&source=Newsletter&utm_campaign=issue-3&browser=Firefox',
      `/api/analytics?${year}&source=Google`,
      `/api/analytics?${midMonths}&source=Google`,
      `/api/analytics?days=30&post=${post}`,
      `/api/analytics?days=90&post=${post}&device=mobile`,
      `/api/analytics?${all}&post=${post}&source=Google`,
      '/api/analytics/right-now',
      '/api/analytics/export.csv?days=30&table=source',
      '/api/analytics/export.csv?days=30&source=Google&table=posts',
    ]
    for (const url of urls) {
      const times: number[] = []
      for (let i = 0; i <= RUNS; i++) {
        started = performance.now()
        const res = await t.request({ method: 'GET', url, cookie })
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
        if (i > 0) times.push(performance.now() - started)
      }
      const median = times.sort((a, b) => a - b)[RUNS >> 1]!
      const label = url.replace(post, '<post>')
      console.log(
        `${engine.padEnd(8)} ${median.toFixed(1).padStart(7)} ms ${median < TARGET_MS ? 'ok  ' : 'SLOW'} ${label}`,
      )
    }
  } finally {
    await t.close()
  }
}

if (ENGINE !== 'postgres') await bench('sqlite')
if (ENGINE === 'sqlite') console.log('postgres: not asked for')
else if (process.env.TEST_DATABASE_URL) await bench('postgres')
else console.log('postgres: skipped (set TEST_DATABASE_URL=postgres://…/postgres)')
