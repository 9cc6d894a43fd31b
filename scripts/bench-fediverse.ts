// npm run bench:fediverse [-- --engine postgres]: the fediverse delivery targets, on the production build (run `npm
// run build` first), on SQLite, or with `--engine postgres` on a fresh database on TEST_DATABASE_URL's server (created
// and dropped). Starts 20 loopback Fedify servers (tests/support/fedify-peer.ts, in this process) and the blog with
// FEDIVERSE_ALLOW_PRIVATE_ADDRESSES=1, gives the blog 1,000 followers (50 on each server, behind its shared inbox),
// publishes one post and waits until every server got its Create. Prints how many times each server was sent it
// (target: once), the time from publish to the last delivery, the blog's peak RSS (VmHWM), and the cached reader
// page's throughput while delivering, in 1 s slices until the last delivery, as a fraction of the same page's before
// and after and of the bare node:http server's (scripts/bench/bare-server.mjs), all loaded by the same harness.
// Targets: under 60 s, RSS under 300 MB, reader pages ≥ 0.8 of their throughput.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startFedifyPeer } from '#test/support/fedify-peer.ts'
import { followersOn, postgresStore, sqliteStore } from '#test/support/fediverse-followers.ts'
import { startBareServer } from './bench/bare-server.mjs'
import { fractionOf, loadFor, peakRssMbOf, type Load } from './bench/load.mjs'
import { startProductionServer } from './bench/production-server.mjs'

const args = process.argv.slice(2)
const ENGINE = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : 'sqlite'
const SERVERS = 20
const FOLLOWERS_EACH = 50
const PORT = Number(process.env.BENCH_PORT ?? 4640)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10
const ADMIN = { username: 'bench', password: 'bench-password-123', email: 'bench@example.com' }

async function onServer(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(text).finally(() => client.end())
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-bench-fediverse-'))
let databaseUrl = ''
const dbName = `bench_fediverse_${process.pid}`
if (ENGINE === 'postgres') {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('--engine postgres needs TEST_DATABASE_URL=postgres://…/postgres')
  await onServer(serverUrl, `create database ${dbName}`)
  databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString()
}
const store = databaseUrl ? postgresStore(databaseUrl) : sqliteStore(dataDir)

const peers = await Promise.all(Array.from({ length: SERVERS }, () => startFedifyPeer()))
const server = await startProductionServer({
  port: PORT,
  env: {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    FEDIVERSE_ALLOW_PRIVATE_ADDRESSES: '1',
    SEED_DEMO: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
  },
})
const base = server.base

async function api(method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { origin: base, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return res
}
const login = await api('POST', '/api/auth/login', { username: ADMIN.username, password: ADMIN.password })
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ')

// The reader page loaded while delivering, published before anyone follows (so it is delivered to nobody).
const content = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} of a post of ordinary length.`).join('\n\n')
const page = (await (
  await api('POST', '/api/posts', { title: 'Reader page', content, status: 'published' }, cookie)
).json()) as { slug: string }
const pageUrl = `${base}/blog/${page.slug}`
await store.insertFollowers(peers.flatMap((peer) => followersOn(peer, FOLLOWERS_EACH, { prefix: 'f', shared: true })))

const bare = await startBareServer(PORT + 1)
await loadFor(bare.base, {}, CONNECTIONS, 1)
await loadFor(pageUrl, {}, CONNECTIONS, 1)
const bareIdle = await loadFor(bare.base, {}, CONNECTIONS, SECONDS)
const idle = await loadFor(pageUrl, {}, CONNECTIONS, SECONDS)

const started = performance.now()
const post = (await (
  await api('POST', '/api/posts', { title: 'To the fediverse', content, status: 'published' }, cookie)
).json()) as { slug: string }
const createId = `${base}/blog/${post.slug}#create`
const deliveriesOf = (peer: (typeof peers)[number]) => peer.deliveries.filter((d) => d.id === createId)
const reached = () => peers.filter((peer) => deliveriesOf(peer).length > 0).length

// The page is loaded in 1 s slices until the last server has the post (at least one slice).
const slices: Load[] = []
const LIMIT_MS = 5 * 60_000
do slices.push(await loadFor(pageUrl, {}, CONNECTIONS, 1))
while (reached() < SERVERS && performance.now() - started < LIMIT_MS)
while (reached() < SERVERS && performance.now() - started < LIMIT_MS) await new Promise((r) => setTimeout(r, 100))
const lastAt = Math.max(...peers.flatMap((peer) => deliveriesOf(peer).map((d) => d.at)))
const peakRssMb = peakRssMbOf(server.pid)
// Nothing left to go out (a second copy could only come from the queue), then the count per server.
while ((await store.queued()).length > 0 && performance.now() - started < LIMIT_MS)
  await new Promise((r) => setTimeout(r, 200))
const idleAfter = await loadFor(pageUrl, {}, CONNECTIONS, SECONDS)
const bareAfter = await loadFor(bare.base, {}, CONNECTIONS, SECONDS)

const during = slices.reduce((sum, s) => sum + s.rps, 0) / slices.length
const idleRps = (idle.rps + idleAfter.rps) / 2
const bareRps = (bareIdle.rps + bareAfter.rps) / 2
const counts = peers.map((peer) => deliveriesOf(peer).length)
const once = counts.filter((n) => n === 1).length
console.log(
  `${ENGINE}: ${SERVERS * FOLLOWERS_EACH} followers on ${SERVERS} servers; servers that got the Create: ${reached()}; exactly once: ${once} (deliveries per server: ${counts.join(' ')})`,
)
console.log(`time from publish to the last delivery: ${((lastAt - started) / 1000).toFixed(1)} s (target < 60 s)`)
console.log(`blog peak RSS: ${peakRssMb.toFixed(0)} MB (target < 300 MB)`)
console.log(
  `cached reader page, ${CONNECTIONS} connections: not delivering ${idle.rps.toFixed(0)} req/s before, ${idleAfter.rps.toFixed(0)} after (${SECONDS} s each); while delivering ${during.toFixed(0)} req/s (${slices.length} slice(s) of 1 s)`,
)
console.log(
  `while delivering / not delivering: ${fractionOf(during, idleRps)} (target ≥ 0.8); as fractions of the bare server (${bareIdle.rps.toFixed(0)} before, ${bareAfter.rps.toFixed(0)} after, mean used): not delivering ${fractionOf(idleRps, bareRps)}, while delivering ${fractionOf(during, bareRps)}`,
)
server.stop()
await bare.stop()
await Promise.all(peers.map((peer) => peer.close()))
rmSync(dataDir, { recursive: true, force: true })
if (databaseUrl && process.env.TEST_DATABASE_URL)
  await onServer(process.env.TEST_DATABASE_URL, `drop database if exists ${dbName} with (force)`)
process.exit(once === SERVERS ? 0 : 1)
