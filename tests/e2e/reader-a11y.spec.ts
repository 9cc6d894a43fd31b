import AxeBuilder from '@axe-core/playwright'
import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

test.describe('accessibility (axe-core): no serious or critical violations', () => {
  let postPath = ''
  let categoryPath = ''

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } })
    expect((await request.post('/api/auth/login', { data: { username: 'admin', password: 'e2e-password-123' } })).status()).toBe(200)
    const id = uid()
    const category = (await (await request.post('/api/categories', { data: { name: `Axe ${id}`, slug: `axe-${id}`, color: '#f59e0b' } })).json()) as { id: string; slug: string }
    const post = (await (await request.post('/api/posts', { data: postInput(`Accessible ${id}`, { categoryId: category.id, tags: ['a11y'] }) })).json()) as { slug: string }
    postPath = `/blog/${post.slug}`
    categoryPath = `/category/${category.slug}`
    await request.dispose()
  })

  const pages = () => [
    ['home', '/'],
    ['blog', '/blog'],
    ['category', categoryPath],
    ['post', postPath],
    ['footer page', '/privacy-policy'],
    ['not found', '/no/such/page'],
    ['post not found', '/blog/no-such-post'],
  ]

  for (const width of [1280, 375]) {
    test(`every public page at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      for (const [name, path] of pages()) {
        await page.goto(path!)
        await page.locator('#main').waitFor()
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
        expect(serious, `${name} (${path})`).toEqual([])
        expect(await page.locator('h1').count(), `${name} has one h1`).toBe(1)
      }
    })
  }
})
