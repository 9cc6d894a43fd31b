// npm run bench:lighthouse: Lighthouse (mobile settings, its defaults) against the production build on Debian's
// Chromium, for the home page, a list, a post, and a post with four large photos (3000 × 2000 JPEGs uploaded
// first), in the light and the dark theme (the dark one chosen with the `theme` cookie the nav toggle sets). Prints the
// four scores and what kept any of them below 100.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { photo, uploadImage } from './bench/photo.mjs'
import { startProductionServer } from './bench/production-server.mjs'

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4620)
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const ADMIN_ENV = {
  ADMIN_USERNAME: 'lighthouse',
  ADMIN_PASSWORD: 'lighthouse-password-123',
  ADMIN_EMAIL: 'lighthouse@example.com',
}

const { base: BASE, stop } = await startProductionServer({ port: PORT, env: { SEED_DEMO: '1', ...ADMIN_ENV } })
let chrome
process.on('exit', () => chrome?.kill())

const posts = await (await fetch(`${BASE}/api/posts?limit=1`)).json()

/** A published post with four large photos between paragraphs: the case responsive images are for. */
async function photoPost() {
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { origin: BASE, 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_ENV.ADMIN_USERNAME, password: ADMIN_ENV.ADMIN_PASSWORD }),
  })
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const paragraph =
    'A paragraph of prose between the pictures, long enough to push the next one down the page a little. '.repeat(4)
  const parts = []
  for (let i = 0; i < 4; i++) {
    const { url } = await uploadImage(BASE, cookie, await photo(3000, 2000, 20 + i, 85), `photo-${i}.jpg`)
    parts.push(`${paragraph}\n\n![Large photo ${i + 1}](${url})`)
  }
  const res = await fetch(`${BASE}/api/posts`, {
    method: 'POST',
    headers: { origin: BASE, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Four large photos', content: parts.join('\n\n'), status: 'published' }),
  })
  return (await res.json()).slug
}

const pages = [
  ['home', '/'],
  ['list', '/blog'],
  ['post', `/blog/${posts[0].slug}`],
  ['photos', `/blog/${await photoPost()}`],
]

chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const rows = []
const runs = [...pages, ...pages.map(([name, url]) => [`${name} dark`, url, { Cookie: 'theme=dark' }])]
for (const [name, url, extraHeaders] of runs) {
  const { lhr } = await lighthouse(`${BASE}${url}`, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: CATEGORIES,
    extraHeaders,
  })
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]))
  rows.push({ name, url, ...scores })
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        console.log(
          `  ${name} · ${c} · ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
        )
      }
    }
  }
}

console.log(
  `\n${'page'.padEnd(12)}${'performance'.padStart(13)}${'accessibility'.padStart(15)}${'best-practices'.padStart(16)}${'seo'.padStart(6)}`,
)
for (const r of rows) {
  console.log(
    `${r.name.padEnd(12)}${String(r.performance).padStart(13)}${String(r.accessibility).padStart(15)}${String(r['best-practices']).padStart(16)}${String(r.seo).padStart(6)}`,
  )
}
stop()
chrome.kill()
process.exit(0)
