import type { APIRequestContext } from '@playwright/test'
import { DEMO_POSTS } from '#server/features/seed/demo-content.ts'
import { slugify } from '#shared/text/slugify.ts'
import { expect, test } from './support/reader-fixtures.ts'

/** A post of the demo set: its 800 px cover is an upload, shown as the featured image and on the cards. */
async function demoPost(request: APIRequestContext) {
  const slug = slugify(DEMO_POSTS[0]!.title)
  const post = (await (await request.get(`/api/posts/slug/${slug}`)).json()) as { slug: string; featuredImage: string }
  expect(post.featuredImage).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/)
  return post
}

test.describe('responsive images', () => {
  test('the server-rendered post page offers AVIF and WebP variants and a 1200 px JPEG to social sites', async ({
    request,
    baseURL,
  }) => {
    const post = await demoPost(request)
    const hash = post.featuredImage.slice(9, 73)
    const html = await (await request.get(`/blog/${post.slug}`)).text()
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/uploads/${hash}-1200.jpg">`)
    expect(html).toMatch(
      new RegExp(
        `<picture><source type="image/avif" srcset="/uploads/${hash}-480\\.avif 480w, [^"]+" sizes="[^"]+"/?>`,
        'i',
      ),
    )
    expect(html).toMatch(/<img[^>]+fetchpriority="high"[^>]*>/i)
    expect(html).not.toContain(`src="${post.featuredImage}"`) // the kept original is never put on a page
    const og = await request.get(`/uploads/${hash}-1200.jpg`)
    expect(og.status()).toBe(200)
    expect(og.headers()['content-type']).toBe('image/jpeg')
    expect(og.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('a phone loads a small AVIF for the featured image and the cards, and nothing shifts', async ({
    browser,
    baseURL,
    request,
  }) => {
    const post = await demoPost(request)
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
    })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number }
      w.__cls = 0
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!e.hadRecentInput) w.__cls += e.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(`/blog/${post.slug}`)
    const featured = page.locator('figure img')
    await expect.poll(() => featured.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    const src = await featured.evaluate((img: HTMLImageElement) => img.currentSrc)
    expect(src).toMatch(/\/uploads\/[a-f0-9]{64}-(480|960|1600)\.avif$/)
    await page.getByRole('heading', { name: 'Related Articles' }).scrollIntoViewIfNeeded()
    const card = page.getByRole('region', { name: 'Related Articles' }).locator('img').first()
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    expect(await card.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(480|960|1600)\.avif$/)
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0)
    await context.close()
  })
})
