// npm run bench:lighthouse: Lighthouse (mobile settings, its defaults) against the production build on Debian's
// Chromium, for the home page, a list and a post. Prints the four scores and what kept any of them below 100.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4620)
const BASE = `http://127.0.0.1:${PORT}`
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'

if (!existsSync('dist/server/main.js')) {
  console.error('No production build: run `npm run build` first.')
  process.exit(1)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-lighthouse-'))
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: BASE, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
let chrome
const cleanup = () => {
  server.kill('SIGTERM')
  chrome?.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
process.on('exit', cleanup)

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${BASE}/healthz`)).ok) break
  } catch { /* starting */ }
  if (i > 200) throw new Error('server did not start')
  await new Promise((r) => setTimeout(r, 100))
}

const posts = await (await fetch(`${BASE}/api/posts?limit=1`)).json()
const pages = [
  ['home', '/'],
  ['list', '/blog'],
  ['post', `/blog/${posts[0].slug}`],
]

chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const rows = []
for (const [name, url] of pages) {
  const { lhr } = await lighthouse(`${BASE}${url}`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES })
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]))
  rows.push({ name, url, ...scores })
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        console.log(`  ${name} · ${c} · ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
      }
    }
  }
}

console.log(`\n${'page'.padEnd(8)}${'performance'.padStart(13)}${'accessibility'.padStart(15)}${'best-practices'.padStart(16)}${'seo'.padStart(6)}`)
for (const r of rows) {
  console.log(`${r.name.padEnd(8)}${String(r.performance).padStart(13)}${String(r.accessibility).padStart(15)}${String(r['best-practices']).padStart(16)}${String(r.seo).padStart(6)}`)
}
cleanup()
process.exit(0)
