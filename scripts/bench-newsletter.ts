// npm run bench:newsletter: the newsletter targets, on the production build (run `npm run build` first). Starts a local
// SMTP server (smtp-server, in this process), the blog with SMTP_URL pointing at it and MAIL_RATE=0 (no rate limit),
// imports 10,000 confirmed subscribers through Admin → Import CSV, publishes one post and waits until every
// subscriber got it. Prints the time from publish to the last message, the server's peak RSS (VmHWM), and the cached
// reader page's throughput while sending as a fraction of the same page's without sending and of the bare node:http
// server's (scripts/bench/bare-server.mjs), all loaded by the same harness in the same run.
// Targets: under 2 minutes, RSS under 300 MB, reader pages ≥ 0.8 of their throughput.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { startBareServer } from './bench/bare-server.mjs'
import { fractionOf, loadFor, peakRssMbOf } from './bench/load.mjs'
import { startProductionServer } from './bench/production-server.mjs'

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000)
const PORT = Number(process.env.BENCH_PORT ?? 4630)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10
const ADMIN = { username: 'bench', password: 'bench-password-123', email: 'bench@example.com' }

/** Message-IDs received per recipient; only the header is read (no MIME parsing: this process also drives the load). */
const received = new Map<string, Set<string>>()
let messages = 0
let lastAt = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let head = ''
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 4096) head += chunk.toString('latin1')
    })
    stream.on('end', () => {
      const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? 'none'
      for (const rcpt of session.envelope.rcptTo) {
        const set = received.get(rcpt.address) ?? new Set<string>()
        set.add(id)
        received.set(rcpt.address, set)
      }
      messages++
      lastAt = performance.now()
      callback()
    })
  },
})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`

const server = await startProductionServer({
  port: PORT,
  env: {
    SMTP_URL: smtpUrl,
    MAIL_RATE: '0',
    SEED_DEMO: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
  },
})
const base = server.base

async function api(method: string, url: string, body?: unknown, cookie?: string, form?: FormData) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { origin: base, ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return res
}

const login = await api('POST', '/api/auth/login', { username: ADMIN.username, password: ADMIN.password })
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ')

// The reader page loaded while sending: a post sent to nobody (sendNewsletter false), its page cached.
const content = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} of a post of ordinary length.`).join('\n\n')
const page = (await (
  await api('POST', '/api/posts', { title: 'Reader page', content, status: 'published', sendNewsletter: false }, cookie)
).json()) as { slug: string }
const pageUrl = `${base}/blog/${page.slug}`
await loadFor(pageUrl, {}, CONNECTIONS, 1)

const csv = ['email', ...Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@example.com`)].join('\n')
const form = new FormData()
form.append('agreed', 'true')
form.append('file', new Blob([csv], { type: 'text/csv' }), 'subscribers.csv')
const imported = (await (await api('POST', '/api/admin/subscribers/import', undefined, cookie, form)).json()) as {
  imported: number
}
if (imported.imported !== SUBSCRIBERS) throw new Error(`imported ${imported.imported} of ${SUBSCRIBERS}`)

const bare = await startBareServer(PORT + 1)
await loadFor(bare.base, {}, CONNECTIONS, 1)
const bareIdle = await loadFor(bare.base, {}, CONNECTIONS, SECONDS)
const idle = await loadFor(pageUrl, {}, CONNECTIONS, SECONDS)

const started = performance.now()
await api('POST', '/api/posts', { title: 'The newsletter', content, status: 'published' }, cookie)
const during = await loadFor(pageUrl, {}, CONNECTIONS, SECONDS)
const sentDuringLoad = messages
const LIMIT_MS = 10 * 60_000
while (received.size < SUBSCRIBERS && performance.now() - started < LIMIT_MS)
  await new Promise((r) => setTimeout(r, 100))
const seconds = (lastAt - started) / 1000
const idleAfter = await loadFor(pageUrl, {}, CONNECTIONS, SECONDS)
const bareAfter = await loadFor(bare.base, {}, CONNECTIONS, SECONDS)
// The page's throughput without sending: the mean of before and after (the machine's load drifts meanwhile).
const idleRps = (idle.rps + idleAfter.rps) / 2

const once = [...received.values()].filter((ids) => ids.size === 1).length
console.log(
  `subscribers: ${SUBSCRIBERS}; received by ${received.size}; exactly one Message-ID: ${once}; messages: ${messages}`,
)
console.log(`time from publish to the last message: ${seconds.toFixed(1)} s (target < 120 s)`)
console.log(`server peak RSS: ${peakRssMbOf(server.pid).toFixed(0)} MB (target < 300 MB)`)
console.log(
  `cached reader page, ${CONNECTIONS} connections, ${SECONDS} s: not sending ${idle.rps.toFixed(0)} req/s before, ${idleAfter.rps.toFixed(0)} after; while sending ${during.rps.toFixed(0)} req/s (${sentDuringLoad} messages went out meanwhile)`,
)
console.log(
  `while sending / not sending: ${fractionOf(during.rps, idleRps)} (target ≥ 0.8); as fractions of the bare server (${bareIdle.rps.toFixed(0)} before, ${bareAfter.rps.toFixed(0)} after, mean used): not sending ${fractionOf(idleRps, (bareIdle.rps + bareAfter.rps) / 2)}, while sending ${fractionOf(during.rps, (bareIdle.rps + bareAfter.rps) / 2)}`,
)
server.stop()
await bare.stop()
smtp.close()
process.exit(received.size === SUBSCRIBERS && once === SUBSCRIBERS ? 0 : 1)
