// `npm run screenshots`: the README's two pictures, a post as a reader sees it and the same post in the editor,
// taken in Debian's Chromium from the production build on a fresh blog with the demo content.
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { startProductionServer } from './bench/production-server.mjs'

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4640)
const OUT = 'docs/screenshots'
const ADMIN = { username: 'editor', password: 'screenshots-password-123', email: 'editor@example.com' }
const POST_TITLE = 'Building This Blog with Fastify and React'

const server = await startProductionServer({
  port: PORT,
  env: {
    SEED_DEMO: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
  },
})
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  mkdirSync(OUT, { recursive: true })
  const context = await browser.newContext({
    baseURL: server.base,
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
  })
  const page = await context.newPage()

  const list = await (await page.request.get('/api/posts?limit=20')).json()
  const post = (Array.isArray(list) ? list : list.items).find((p) => p.title === POST_TITLE)
  if (!post) throw new Error(`the demo content has no post titled "${POST_TITLE}"`)

  // Tall enough to show the text below the cover picture.
  await page.setViewportSize({ width: 1280, height: 1200 })
  await page.goto(`/blog/${post.slug}`)
  await page.getByRole('heading', { level: 1, name: POST_TITLE }).waitFor()
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: `${OUT}/reader.png`, animations: 'disabled' })

  const login = await page.request.post('/api/auth/login', { data: ADMIN })
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/admin/posts/${post.id}/edit`)
  await page.getByRole('button', { name: 'Side by side' }).click()
  await page.getByRole('heading', { name: 'The stack' }).first().waitFor()
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: `${OUT}/editor.png`, animations: 'disabled' })

  console.log(`wrote ${OUT}/reader.png and ${OUT}/editor.png`)
} finally {
  await browser.close()
  server.stop()
}
