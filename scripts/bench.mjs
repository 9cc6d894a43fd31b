// npm run bench: measures the production build (it builds nothing itself). Seeds 200 posts in a fresh database,
// starts `node dist/server/main.js`, and drives it with autocannon at 10 and 50 connections. Right before each row the
// bare server (scripts/bench/bare-server.mjs) is driven the same way, and the row's rate is also printed as a fraction
// of that one: on a shared machine the load swings within minutes, so each row gets a ceiling of its own. The server's
// CPU time per request is printed too, with the bare server's CPU per request as a fraction of it (the steadier pair).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startBareServer } from './bench/bare-server.mjs'
import { BROWSER_HEADERS, cpuMsOf, fractionOf, loadFor, peakRssMbOf } from './bench/load.mjs'
import { startProductionServer } from './bench/production-server.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 4610)
const BASE = `http://127.0.0.1:${PORT}`
const ORIGIN = BASE
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP = 3
const ADMIN = { username: 'bench', password: 'bench-password-123', email: 'bench@example.com' }

// BENCH_FEDIVERSE=1 switches the fediverse on through the admin settings API before seeding (a new blog has it on);
// BENCH_FEDIVERSE=0 switches it off and starts the server again, as a blog that switched it off starts (Fedify is
// then never loaded). Unset: the blog's default.
const FEDIVERSE = process.env.BENCH_FEDIVERSE
const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-bench-'))
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
const serverOptions = {
  port: PORT,
  dataDir,
  env: {
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
  },
}
let server = await startProductionServer(serverOptions)

async function api(method, url, body, cookie) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return res
}

async function adminCookie() {
  const login = await api('POST', '/api/auth/login', { username: ADMIN.username, password: ADMIN.password })
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

if (FEDIVERSE === '0' || FEDIVERSE === '1') {
  await api('PUT', '/api/admin/fediverse', { enabled: FEDIVERSE === '1', handle: 'blog' }, await adminCookie())
  if (FEDIVERSE === '0') {
    server.stop()
    await server.exited
    server = await startProductionServer(serverOptions)
  }
  console.log(`fediverse switched ${FEDIVERSE === '1' ? 'on' : 'off'}`)
}

async function seed() {
  const cookie = await adminCookie()
  const category = await (
    await api('POST', '/api/categories', { name: 'Benchmarks', slug: 'benchmarks', color: '#3b82f6' }, cookie)
  ).json()
  const paragraph =
    'A steady paragraph of prose with **bold**, *italic* and `code`, long enough to look like a real article. '.repeat(
      6,
    )
  const posts = []
  for (let i = 1; i <= 200; i++) {
    const content = `## Section ${i}\n\n${paragraph}\n\n- one\n- two\n\n\`\`\`ts\nconst n: number = ${i}\n\`\`\`\n\n${paragraph}`
    const res = await api(
      'POST',
      '/api/posts',
      {
        title: `Benchmark post number ${i}`,
        content,
        status: 'published',
        categoryId: category.id,
        tags: ['bench', `t${i % 7}`],
        featured: i > 197,
      },
      cookie,
    )
    posts.push(await res.json())
  }
  return posts
}

function assetUrls(html) {
  const js = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1])
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1])
  return { js: [...new Set(js)], css: [...new Set(css)] }
}

async function gzipBytes(urls) {
  let total = 0
  for (const url of urls)
    total += gzipSync(Buffer.from(await (await fetch(new URL(url, BASE))).arrayBuffer()), { level: 9 }).length
  return total
}

const run = (opts, connections, duration) => loadFor(BASE, opts, connections, duration)

console.log('seeding 200 posts…')
const posts = await seed()
const postPath = `/blog/${posts[100].slug}`
const homeHtml = await (await fetch(`${BASE}/`)).text()
const postHtml = await (await fetch(`${BASE}${postPath}`)).text()
const homeAssets = assetUrls(homeHtml)
const postAssets = assetUrls(postHtml)
// The stylesheet every page loads: a small hashed file served precompressed, the cheapest thing the server sends.
const staticAsset = homeAssets.css[0] ?? homeAssets.js[0]
if (!staticAsset) throw new Error('no static asset found in the home page')

let ip = 0
const nextIp = () => `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`
const targets = [
  { name: 'home /', opts: { requests: [{ path: '/' }] } },
  { name: 'post /blog/{slug}', opts: { requests: [{ path: postPath }] } },
  { name: '/blog?page=3', opts: { requests: [{ path: '/blog?page=3' }] } },
  { name: '/api/posts', opts: { requests: [{ path: '/api/posts' }] } },
  { name: '/rss.xml', opts: { requests: [{ path: '/rss.xml' }] } },
  { name: 'static asset (CSS)', opts: { requests: [{ path: staticAsset }] } },
  {
    name: 'like toggle (POST)',
    // Each from its own address: one network may add only 10 likes to a post a day.
    opts: {
      requests: [
        {
          method: 'POST',
          path: `/api/posts/${posts[50].id}/like`,
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, origin: ORIGIN, 'x-forwarded-for': nextIp() } }),
        },
      ],
    },
  },
  {
    name: 'comment (POST)',
    opts: {
      requests: [
        {
          method: 'POST',
          path: `/api/posts/${posts[60].id}/comments`,
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...req.headers,
              origin: ORIGIN,
              'content-type': 'application/json',
              'x-forwarded-for': nextIp(),
            },
            body: JSON.stringify({ content: `Benchmark comment ${ip}`, authorName: 'Bench' }),
          }),
        },
      ],
    },
  },
]

const rows = []
const bare = await startBareServer(PORT + 1)
for (const connections of [10, 50]) {
  for (const target of targets) {
    await loadFor(bare.base, {}, connections, 1)
    const bareCpu = cpuMsOf(bare.pid)
    const b = await loadFor(bare.base, {}, connections, Math.max(3, DURATION / 2))
    const bareCpuPerRequest = (cpuMsOf(bare.pid) - bareCpu) / (b.rps * Math.max(3, DURATION / 2))
    await run(target.opts, connections, WARMUP)
    const cpu = cpuMsOf(server.pid)
    const r = await run(target.opts, connections, DURATION)
    const cpuPerRequest = (cpuMsOf(server.pid) - cpu) / (r.rps * DURATION)
    rows.push({ target: target.name, connections, ceiling: b.rps, bareCpuPerRequest, cpuPerRequest, ...r })
  }
}
await bare.stop()

// Issue 13: cheap requests must not empty the cache. Post page at 10 connections while one client toggles a like
// as fast as it can (one address, one visitor cookie: like, unlike, like…).
const quietPost = rows.find((r) => r.target === 'post /blog/{slug}' && r.connections === 10)
const toggler = run(
  {
    requests: [
      {
        method: 'POST',
        path: `/api/posts/${posts[70].id}/like`,
        headers: { ...BROWSER_HEADERS, origin: ORIGIN, cookie: 'vid=bench' },
      },
    ],
  },
  1,
  DURATION,
)
const busyPost = await run({ requests: [{ path: postPath }] }, 10, DURATION)
const toggled = await toggler

// Memory under unique long URLs (nothing kept per request may grow with the URL): 20 s of made-up 15 KB addresses at
// 10 connections, half with a 15 KB query string, half with a 15 KB path (both refused, 414: src/server/http/url-limit.ts).
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
const FLOOD_SECONDS = 20
const filler = 'x'.repeat(15 * 1024)
let flooded = 0
const floodStartRss = rssMb()
let floodPeakRss = floodStartRss
const floodTimer = setInterval(() => (floodPeakRss = Math.max(floodPeakRss, rssMb())), 250)
const flood = await loadFor(
  BASE,
  {
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: flooded++ % 2 ? `/nope-${flooded}?x=${filler}` : `/nope-${flooded}-${filler}`,
        }),
      },
    ],
  },
  10,
  FLOOD_SECONDS,
)
clearInterval(floodTimer)

const pad = (s, n) => String(s).padEnd(n)
const padL = (s, n) => String(s).padStart(n)
console.log(
  `\n${pad('target', 28)}${padL('conns', 6)}${padL('req/s', 9)}${padL('bare', 9)}${padL('of bare', 9)}${padL('CPU µs', 8)}${padL('of bare', 9)}${padL('p50 ms', 8)}${padL('p99 ms', 8)}${padL('errors', 8)}`,
)
for (const row of rows) {
  console.log(
    `${pad(row.target, 28)}${padL(row.connections, 6)}${padL(Math.round(row.rps), 9)}${padL(Math.round(row.ceiling), 9)}${padL(fractionOf(row.rps, row.ceiling), 9)}${padL(Math.round(row.cpuPerRequest * 1000), 8)}${padL(fractionOf(row.bareCpuPerRequest, row.cpuPerRequest), 9)}${padL(row.p50, 8)}${padL(row.p99, 8)}${padL(row.errors, 8)}`,
  )
}
console.log(
  `\npost page while one client toggles a like (${Math.round(toggled.rps)} toggles/s): ${Math.round(busyPost.rps)} req/s, ${(busyPost.rps / quietPost.rps).toFixed(2)} of its quiet throughput`,
)
console.log(
  `\nunique 15 KB URLs for ${FLOOD_SECONDS} s (${Math.round(flood.rps)} req/s): RSS ${floodStartRss.toFixed(0)} MB before, ` +
    `${floodPeakRss.toFixed(0)} MB at most during, ${rssMb().toFixed(0)} MB after`,
)
console.log(`peak RSS of the server: ${peakRssMbOf(server.pid).toFixed(1)} MB`)
console.log(
  `home page loads: JS ${((await gzipBytes(homeAssets.js)) / 1024).toFixed(1)} KB gzip, CSS ${((await gzipBytes(homeAssets.css)) / 1024).toFixed(1)} KB gzip`,
)
console.log(
  `post page loads: JS ${((await gzipBytes(postAssets.js)) / 1024).toFixed(1)} KB gzip, CSS ${((await gzipBytes(postAssets.css)) / 1024).toFixed(1)} KB gzip`,
)
server.stop()
process.exit(0)
