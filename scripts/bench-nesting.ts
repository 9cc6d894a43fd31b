// npm run bench:nesting: what saving deeply nested Markdown costs through the API of the production build (run
// `npm run build` first). Times POST /api/posts for the hostile posts of issue 30 (a 195 KB post holding a 440-level
// list, 20,000 `>`), for the deepest list the limit allows and for an ordinary 195 KB post. Measured, not asserted:
// the hostile ones must answer 400 (never 500) in about the time of the ordinary post.
import { startProductionServer } from './bench/production-server.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 4613)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const ADMIN = { username: 'bench', password: 'bench-password-123', email: 'bench@example.com' }

const nestedList = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n')
const padded = (text: string) => `${text}\n\n${'Some padding text. '.repeat(11_000)}`.slice(0, 195_000)

const cases: Array<[string, string]> = [
  ['195 KB post with a 440-level list', padded(nestedList(440))],
  ['20,000 ">"', '>'.repeat(20_000)],
  ['32-level list (the limit)', padded(nestedList(32))],
  ['ordinary 195 KB post', padded('An ordinary post.')],
]

const { base, stop } = await startProductionServer({
  port: PORT,
  env: { SEED_DEMO: '0', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_EMAIL: ADMIN.email },
})
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { origin: base, 'content-type': 'application/json' },
  body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
})
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ')

console.log(`\n${'case'.padEnd(36)}${'status'.padStart(8)}${'median ms'.padStart(11)}${'max ms'.padStart(9)}`)
for (const [name, content] of cases) {
  const times: number[] = []
  const statuses = new Set<number>()
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now()
    const res = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { origin: base, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `${name} ${i}`, content, status: 'published' }),
    })
    await res.arrayBuffer()
    times.push(performance.now() - started)
    statuses.add(res.status)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!.toFixed(1)
  console.log(
    `${name.padEnd(36)}${[...statuses].join('/').padStart(8)}${median.padStart(11)}${times.at(-1)!.toFixed(1).padStart(9)}`,
  )
}
stop()
process.exit(0)
