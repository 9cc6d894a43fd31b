import { gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'
import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

// The reader's budget (docs/decisions/004): what a first visit to a public page downloads, gzip level 9 as built.
const JS_BUDGET = 100 * 1024
const CSS_BUDGET = 25 * 1024

/** Gzip bytes of every script and stylesheet a fresh browser loads for `path`, lazy chunks included. */
async function loadedAssets(browser: Browser, baseURL: string | undefined, path: string) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const sizes = { script: 0, stylesheet: 0 }
  const reads: Promise<void>[] = []
  page.on('response', (res) => {
    const type = res.request().resourceType()
    if (type === 'script' || type === 'stylesheet')
      reads.push(res.body().then((body) => void (sizes[type] += gzipSync(body, { level: 9 }).length)))
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  // Scrolled to the end and settled, so whatever loads lazily (images aside) is counted too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await page.waitForLoadState('networkidle')
  await Promise.all(reads)
  await context.close()
  return sizes
}

test('home and post pages stay within 100 KB of JS and 25 KB of CSS (gzip)', async ({ browser, baseURL, admin }) => {
  const post = await admin.createPost(postInput(`Budget ${uid()}`))
  for (const path of ['/', `/blog/${post.slug}`]) {
    const { script, stylesheet } = await loadedAssets(browser, baseURL, path)
    const kb = (n: number) => (n / 1024).toFixed(1)
    test.info().annotations.push({
      type: 'reader budget',
      description: `${path}: JS ${kb(script)} KB, CSS ${kb(stylesheet)} KB gzip`,
    })
    console.log(`reader budget ${path}: JS ${kb(script)} KB, CSS ${kb(stylesheet)} KB gzip`)
    expect(script, `${path} JS`).toBeGreaterThan(0)
    expect(stylesheet, `${path} CSS`).toBeGreaterThan(0)
    expect(script, `${path} JS, gzip bytes`).toBeLessThanOrEqual(JS_BUDGET)
    expect(stylesheet, `${path} CSS, gzip bytes`).toBeLessThanOrEqual(CSS_BUDGET)
  }
})
