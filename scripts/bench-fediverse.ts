// npm run bench:fediverse [-- --engine postgres]: the fediverse delivery targets, on the production build (run `npm
// run build` first), on SQLite, or with `--engine postgres` on a fresh database on TEST_DATABASE_URL's server (created
// and dropped). Starts 20 loopback Fedify servers (tests/support/fedify-peer.ts, in a child process:
// scripts/bench/fedify-peers.ts) and the blog with
// FEDIVERSE_ALLOW_PRIVATE_ADDRESSES=1, gives the blog 1,000 followers (50 on each server, behind its shared inbox),
// publishes one post and waits until every server got its Create. Prints how many times each server was sent it
// (target: once), the time from publish to the last delivery, the blog's peak RSS (VmHWM), and the cached reader
// page's throughput while delivering as a fraction of the same page's before and after and of the bare node:http
// server's (scripts/bench/bare-server.mjs). Every rate is loaded the same way, in 1 s slices (while delivering: until
// the last delivery).
// Targets: under 60 s, RSS under 300 MB, reader pages ≥ 0.8 of their throughput.
// The peers stand for other people's servers on other machines, but here they share the blog's 2 cores. By default
// they run at normal priority (the blog's readers compete with them too); with `--nice-peers` the peer process runs
// at the lowest priority (os.setPriority 19), so the fraction shows the blog's own cost more than the peers'. The
// blog's own CPU for the delivery and the peers' CPU are printed either way; report which one a number is.
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, setPriority, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { followersOn, postgresStore, sqliteStore } from '#test/support/fediverse-followers.ts'
import { ADMIN, call, loginCookie } from '#test/system/server-process.ts'
import { startBareServer } from './bench/bare-server.mjs'
import { cpuMsOf, fractionOf, loadFor, peakRssMbOf, type Load } from './bench/load.mjs'
import { startProductionServer } from './bench/production-server.mjs'

const args = process.argv.slice(2)
const ENGINE = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : 'sqlite'
const SERVERS = 20
const FOLLOWERS_EACH = 50
const PORT = Number(process.env.BENCH_PORT ?? 4640)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10

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

const NICE_PEERS = args.includes('--nice-peers')
const peerProcess = fork('scripts/bench/fedify-peers.ts', [String(SERVERS)], { execArgv: ['--import', 'tsx'] })
if (NICE_PEERS) setPriority(peerProcess.pid!, 19)
const nextMessage = <T>() => new Promise<T>((resolve) => peerProcess.once('message', (m) => resolve(m as T)))
const { origins } = await nextMessage<{ origins: string[] }>()
/** Each server's inbox POSTs so far (activity id, epoch ms). */
const deliveries = async () => {
  const answer = nextMessage<{ deliveries: Array<Array<{ id: string; at: number }>> }>()
  peerProcess.send('deliveries')
  return (await answer).deliveries
}
const dropDatabase = async () => {
  if (databaseUrl && process.env.TEST_DATABASE_URL)
    await onServer(process.env.TEST_DATABASE_URL, `drop database if exists ${dbName} with (force)`)
}
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
    // BENCH_CPU_PROF=dir writes the blog's V8 CPU profile there when it stops (node --cpu-prof).
    ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
  },
}).catch(async (err: unknown) => {
  await dropDatabase()
  throw err
})
const base = server.base

const cookie = await loginCookie(base)
const content = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} of a post of ordinary length.`).join('\n\n')
async function publishPost(title: string): Promise<{ slug: string }> {
  const res = await call(base, 'POST', '/api/posts', { cookie, body: { title, content, status: 'published' } })
  if (res.status !== 201) throw new Error(`publishing failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { slug: string }
}

// The reader page loaded while delivering, published before anyone follows (so it is delivered to nobody).
const page = await publishPost('Reader page')
const pageUrl = `${base}/blog/${page.slug}`
await store.insertFollowers(
  origins.flatMap((origin) => followersOn(origin, FOLLOWERS_EACH, { prefix: 'f', shared: true })),
)

const bare = await startBareServer(PORT + 1)
await loadFor(bare.base, {}, CONNECTIONS, 1)
await loadFor(pageUrl, {}, CONNECTIONS, 1)

/** The page loaded in 1 s slices (the shape of the load while delivering) until `done`: req/s and the blog's CPU. */
async function slices(url: string, done: () => boolean) {
  const cpuBefore = cpuMsOf(server.pid)
  const runs: Load[] = []
  do runs.push(await loadFor(url, {}, CONNECTIONS, 1))
  while (!done())
  const requests = runs.reduce((sum, r) => sum + r.rps, 0)
  return {
    rps: requests / runs.length,
    seconds: runs.length,
    cpuMsPerRequest: (cpuMsOf(server.pid) - cpuBefore) / requests,
  }
}
const countdown = (n: number) => () => --n <= 0
const bareIdle = await slices(bare.base, countdown(SECONDS))
const idle = await slices(pageUrl, countdown(SECONDS))

const started = Date.now()
const cpuAtPublish = cpuMsOf(server.pid)
const peersCpuAtPublish = cpuMsOf(peerProcess.pid!)
const post = await publishPost('To the fediverse')
const createId = `${base}/blog/${post.slug}#create`
let perServer: number[][] = origins.map(() => [])
const reached = () => perServer.filter((times) => times.length > 0).length
let polling = false
const poll = setInterval(async () => {
  if (polling) return
  polling = true
  perServer = (await deliveries()).map((list) => list.filter((d) => d.id === createId).map((d) => d.at))
  polling = false
}, 100)

const LIMIT_MS = 5 * 60_000
const during = await slices(pageUrl, () => reached() === SERVERS || Date.now() - started > LIMIT_MS)
const cpuDuring = cpuMsOf(server.pid) - cpuAtPublish
const peersCpuDuring = cpuMsOf(peerProcess.pid!) - peersCpuAtPublish
const lastAt = Math.max(...perServer.flat())
const peakRssMb = peakRssMbOf(server.pid)
// Nothing left to go out (a second copy could only come from the queue), then the count per server.
while ((await store.queued()).length > 0 && Date.now() - started < LIMIT_MS)
  await new Promise((r) => setTimeout(r, 200))
const idleAfter = await slices(pageUrl, countdown(SECONDS))
const bareAfter = await slices(bare.base, countdown(SECONDS))

const idleRps = (idle.rps + idleAfter.rps) / 2
const bareRps = (bareIdle.rps + bareAfter.rps) / 2
// The blog's CPU while delivering, less what the page requests it served meanwhile cost at the quiet rate per request.
const deliveryCpuMs = cpuDuring - during.rps * during.seconds * ((idle.cpuMsPerRequest + idleAfter.cpuMsPerRequest) / 2)
await new Promise((r) => setTimeout(r, 200))
clearInterval(poll)
const counts = perServer.map((times) => times.length)
const once = counts.filter((n) => n === 1).length
console.log(
  `${ENGINE}${NICE_PEERS ? ' (peers at nice 19)' : ''}: ${SERVERS * FOLLOWERS_EACH} followers on ${SERVERS} servers; servers that got the Create: ${reached()}; exactly once: ${once} (deliveries per server: ${counts.join(' ')})`,
)
console.log(`time from publish to the last delivery: ${((lastAt - started) / 1000).toFixed(1)} s (target < 60 s)`)
console.log(`blog peak RSS: ${peakRssMb.toFixed(0)} MB (target < 300 MB)`)
console.log(
  `cached reader page, ${CONNECTIONS} connections, 1 s slices: not delivering ${idle.rps.toFixed(0)} req/s before, ${idleAfter.rps.toFixed(0)} after (${SECONDS} slices each); while delivering ${during.rps.toFixed(0)} req/s (${during.seconds} slices)`,
)
console.log(
  `while delivering / not delivering: ${fractionOf(during.rps, idleRps)} (target ≥ 0.8); as fractions of the bare server (${bareIdle.rps.toFixed(0)} before, ${bareAfter.rps.toFixed(0)} after, mean used): not delivering ${fractionOf(idleRps, bareRps)}, while delivering ${fractionOf(during.rps, bareRps)}`,
)
console.log(
  `blog CPU for the delivery itself (its CPU meanwhile less the pages it served): ${deliveryCpuMs.toFixed(0)} ms; the 20 peers' CPU from publish to the last delivery: ${peersCpuDuring.toFixed(0)} ms`,
)
console.log(
  `load average at the end: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
)
server.stop()
await bare.stop()
peerProcess.disconnect()
rmSync(dataDir, { recursive: true, force: true })
await dropDatabase()
process.exit(once === SERVERS ? 0 : 1)
