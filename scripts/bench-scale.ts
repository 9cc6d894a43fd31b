// npm run bench:scale [-- --posts 100000] [-- --only search]: uncached cost at 2,000 posts and at N (20,000 by default), on SQLite,
// or on PostgreSQL when DATABASE_URL names a server (a fresh database is created and dropped there). Each page is
// read at most once, so nothing comes from the response cache. Needs the production build (`npm run build`). Before
// each size the bare server (scripts/bench/bare-server.mjs) is loaded the same way, and every rate is also given as a
// fraction of it.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '#server/db/client.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { startBareServer } from './bench/bare-server.mjs'
import { cpuMsOf, fractionOf, loadEach, peakRssMbOf } from './bench/load.mjs'
import { seedPosts } from './bench/seed-posts.ts'

const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const N = Number(flag('posts') ?? 20_000)
/** `--only search`: the search rows alone (search API, search pages, one search), for work on search. */
const ONLY = flag('only')
const wanted = (part: string) => !ONLY || ONLY === part
const SIZES = [...new Set([2_000, N])]
const CONNECTIONS = 10
const SERVER_URL = process.env.DATABASE_URL || ''
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' }
/** The port of the bare server; the blog's servers take free ports. */
const BARE_PORT = Number(process.env.BENCH_PORT ?? 4610) + 1

if (!existsSync('dist/server/main.js')) {
  console.error('No production build: run `npm run build` first (the benchmark measures, it does not build).')
  process.exit(1)
}

type Row = Record<string, string>
const results = new Map<number, Row>()

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: SERVER_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function prepare(size: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-scale-'))
  const dbName = `bench_scale_${process.pid}_${size}`
  let databaseUrl = ''
  if (SERVER_URL) {
    await adminQuery(`drop database if exists ${dbName}`)
    await adminQuery(`create database ${dbName}`)
    databaseUrl = withDatabase(SERVER_URL, dbName)
  }
  const handle = openDatabase({ databaseUrl: databaseUrl || undefined, dataDir })
  await migrateToLatest(handle.db)
  const started = performance.now()
  const seeded = await seedPosts(handle.db, size)
  if (SERVER_URL) await adminQuery(`vacuum analyze`).catch(() => {})
  const seedSeconds = (performance.now() - started) / 1000
  await handle.close()
  if (SERVER_URL) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query('vacuum analyze')
    await client.end()
  }
  return {
    ...seeded,
    seedSeconds,
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true })
      if (SERVER_URL) await adminQuery(`drop database if exists ${dbName} with (force)`)
    },
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  }
}

type Server = { base: string; proc: ChildProcess; coldStartMs: number; peakRssMb: () => number; cpuMs: () => number }

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const started = performance.now()
  const proc = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      /* starting */
    }
    if (performance.now() - started > 60_000) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 20))
  }
  const coldStartMs = performance.now() - started
  return { base, proc, coldStartMs, peakRssMb: () => peakRssMbOf(proc.pid!), cpuMs: () => cpuMsOf(proc.pid!) }
}

/** Drives each URL once over 10 connections. */
const load = (base: string, urls: string[]) => loadEach(base, urls, CONNECTIONS)

async function timed(url: string, init?: RequestInit) {
  const t0 = performance.now()
  const res = await fetch(url, { headers: ACCEPT, ...init })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  return performance.now() - t0
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)] ?? 0

function shuffle<T>(xs: T[], seed: number): T[] {
  const out = [...xs]
  let s = seed
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31
    const j = s % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

async function measure(size: number) {
  console.log(`\n— ${size.toLocaleString('en-US')} posts on ${SERVER_URL ? 'PostgreSQL' : 'SQLite'}: seeding…`)
  const blog = await prepare(size)
  console.log(`  seeded in ${fmt(blog.seedSeconds, 1)} s; starting the server`)
  const server = await startServer(blog.env)
  const bare = await startBareServer(BARE_PORT)
  const row: Row = { 'seed (s)': fmt(blog.seedSeconds, 1), 'cold start (ms)': fmt(server.coldStartMs) }
  const ceilings: number[] = []
  /**
   * The bare server's rate under the same load, measured right before each rate row (the machine's load swings
   * within minutes); the row's rate with its fraction of that one beside it.
   */
  const ceilingNow = async () => {
    await load(
      bare.base,
      Array.from({ length: 2_000 }, () => '/'),
    )
    ceilings.push(
      (
        await load(
          bare.base,
          Array.from({ length: 20_000 }, () => '/'),
        )
      ).rps,
    )
  }
  const rate = (rps: number) => `${fmt(rps)} (${fractionOf(rps, ceilings.at(-1)!)})`
  const errors: number[] = []
  try {
    const slugs = shuffle(blog.slugs, 7)
    const pages = Math.ceil(size / 9)
    const warm = slugs.slice(0, 200)
    for (const slug of warm) await timed(`${server.base}/blog/${slug}`)

    if (wanted('pages')) {
      const posts = slugs.slice(200, 200 + Math.min(3000, slugs.length - 200)).map((s) => `/blog/${s}`)
      await ceilingNow()
      const p = await load(server.base, posts)
      row['post pages (req/s)'] = rate(p.rps)
      row['post pages p99 (ms)'] = fmt(p.p99)
      errors.push(p.errors)

      const lists: string[] = []
      for (let page = 2; page <= pages && lists.length < 3000; page++) {
        for (const sort of ['latest', 'oldest', 'popular']) lists.push(`/blog?sort=${sort}&page=${page}`)
        for (const c of blog.categories)
          if (page <= Math.ceil(size / 9 / blog.categories.length)) lists.push(`/category/${c}?page=${page}`)
      }
      await ceilingNow()
      const l = await load(server.base, shuffle(lists, 3).slice(0, 3000))
      row['list pages (req/s)'] = rate(l.rps)
      row['list pages p99 (ms)'] = fmt(l.p99)
      errors.push(l.errors)
    }

    // What readers type: one word or two, drawn from the words posts are about; each query asked once.
    let seed = 11
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return blog.words[seed % blog.words.length]!
    }
    const pairs = [...new Set(Array.from({ length: 8000 }, (_, i) => (i % 5 < 2 ? pick() : `${pick()} ${pick()}`)))]
    const apiSearches = pairs
      .slice(0, 3000)
      .map((q) => `/api/posts?status=published&search=${encodeURIComponent(q)}&limit=9`)
    await ceilingNow()
    const cpuBefore = server.cpuMs()
    const s = await load(server.base, apiSearches)
    row['search API (req/s)'] = rate(s.rps)
    row['search API p99 (ms)'] = fmt(s.p99)
    // The server's own CPU per search (less noisy than throughput on a shared machine; PostgreSQL's is not in it).
    row['search API, server CPU per request (ms)'] = fmt((server.cpuMs() - cpuBefore) / apiSearches.length, 2)

    const pageSearches = pairs.slice(3000, 4500).map((q) => `/blog?q=${encodeURIComponent(q)}`)
    await ceilingNow()
    const sp = await load(server.base, pageSearches)
    row['search pages (req/s)'] = rate(sp.rps)
    errors.push(s.errors, sp.errors)

    const single: number[] = []
    for (const q of pairs.slice(5000, 5030))
      single.push(await timed(`${server.base}/api/posts?search=${encodeURIComponent(q)}`))
    for (const w of blog.words.slice(0, 10))
      single.push(await timed(`${server.base}/api/posts?search=${encodeURIComponent(w.slice(0, 3))}`))
    row['one search, median (ms)'] = fmt(median(single), 1)
    row['one search, p95 (ms)'] = fmt(p95(single), 1)
    row['one search, worst (ms)'] = fmt(Math.max(...single), 1)

    // Searches narrowed by a category or a tag, or ordered by views, as readers reach them from the list pages.
    const narrowed: number[] = []
    for (const w of blog.words.slice(100, 106)) {
      for (const u of [`/category/${blog.categories[0]}?q=${w}`, `/tag/tag-7?q=${w}`, `/blog?q=${w}&sort=popular`])
        narrowed.push(await timed(`${server.base}${u}`))
    }
    row['search by category, tag or views, median (ms)'] = fmt(median(narrowed), 1)
    row['search by category, tag or views, worst (ms)'] = fmt(Math.max(...narrowed), 1)

    if (wanted('pages')) {
      const deep = [
        `/blog?page=${pages}`,
        `/blog?sort=oldest&page=${pages - 1}`,
        `/blog?sort=popular&page=${pages - 2}`,
      ]
      row['deep list page, first read (ms)'] = fmt(
        Math.max(...(await Promise.all(deep.map((u) => timed(`${server.base}${u}`))))),
        1,
      )
      row['page past the end (ms)'] = fmt(await timed(`${server.base}/blog?page=${pages + 1000}`), 1)

      const sitemapMs = await timed(`${server.base}/sitemap.xml`)
      row['first sitemap (ms)'] = fmt(sitemapMs)

      // Cached throughput, then the same while view beacons arrive 10 times a second.
      const cached = ['/', '/blog', `/blog/${warm[0]}`]
      for (const u of cached) await timed(`${server.base}${u}`)
      const cachedUrls = Array.from({ length: 40_000 }, (_, i) => cached[i % cached.length]!)
      await ceilingNow()
      const quiet = await load(server.base, cachedUrls)
      const ids = (await (await fetch(`${server.base}/api/posts?limit=20`)).json()) as Array<{ id: string }>
      let beaconIndex = 0
      const beacons = setInterval(() => {
        const id = ids[beaconIndex++ % ids.length]!.id
        fetch(`${server.base}/api/posts/${id}/view`, {
          method: 'POST',
          headers: { origin: server.base, 'user-agent': `Reader ${beaconIndex}` },
        }).catch(() => {})
      }, 100)
      const busy = await load(server.base, cachedUrls)
      clearInterval(beacons)
      row['cached pages (req/s)'] = rate(quiet.rps)
      row['cached with beacons (ratio)'] = fmt(busy.rps / quiet.rps, 2)
      errors.push(quiet.errors, busy.errors)
    }
    row['bare node:http, 12 KB (req/s, lowest–highest)'] = `${fmt(Math.min(...ceilings))}–${fmt(Math.max(...ceilings))}`
    row['errors'] = String(errors.reduce((a, b) => a + b, 0))
    row['peak RSS (MB)'] = fmt(server.peakRssMb(), 1)
  } finally {
    await bare.stop()
    server.proc.kill('SIGTERM')
    await new Promise((r) => server.proc.once('exit', r))
    await blog.cleanup()
  }
  results.set(size, row)
}

for (const size of SIZES) await measure(size)

const measures = [...(results.get(SIZES[0]!) ? Object.keys(results.get(SIZES[0]!)!) : [])]
console.log(
  `\n## Uncached cost on ${SERVER_URL ? 'PostgreSQL' : 'SQLite'} (${CONNECTIONS} connections, each page read once; ` +
    `(n) is the fraction of the bare server's rate)\n`,
)
console.log(`| measure | ${SIZES.map((s) => `${s.toLocaleString('en-US')} posts`).join(' | ')} |`)
console.log(`|---|${SIZES.map(() => '---:').join('|')}|`)
for (const m of measures) console.log(`| ${m} | ${SIZES.map((s) => results.get(s)?.[m] ?? '').join(' | ')} |`)
process.exit(0)
