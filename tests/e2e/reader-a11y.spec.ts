import AxeBuilder from '@axe-core/playwright'
import { expect, postInput, test, uid, type AdminApi } from './support/reader-fixtures.ts'

type Target = { name: string; path: (data: { post: string; category: string }) => string }

const TARGETS: Target[] = [
  { name: 'home', path: () => '/' },
  { name: 'blog', path: () => '/blog' },
  { name: 'category', path: (d) => `/category/${d.category}` },
  { name: 'post', path: (d) => `/blog/${d.post}` },
  { name: 'footer page', path: () => '/privacy-policy' },
  { name: 'not found', path: () => '/no/such/page' },
  { name: 'post not found', path: () => '/blog/no-such-post' },
]

async function seed(admin: AdminApi) {
  const id = uid()
  const category = await admin.createCategory(`Axe ${id}`, `axe-${id}`, '#f59e0b')
  const post = await admin.createPost(postInput(`Accessible ${id}`, { categoryId: category.id, tags: ['a11y'] }))
  return { post: post.slug, category: category.slug }
}

test.describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const [width, scheme] of [
    [1280, 'light'],
    [375, 'light'],
    [1280, 'dark'],
    [375, 'dark'],
  ] as const) {
    for (const target of TARGETS) {
      test(`${target.name} at ${width}px${scheme === 'dark' ? ' in the dark theme' : ''}`, async ({ page, admin }) => {
        const path = target.path(
          target.name === 'post' || target.name === 'category' ? await seed(admin) : { post: '', category: '' },
        )
        await page.emulateMedia({ colorScheme: scheme })
        await page.setViewportSize({ width, height: 800 })
        await page.goto(path)
        await page.locator('#main').waitFor()
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze()
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
        expect(serious, path).toEqual([])
        await expect(page.locator('h1')).toHaveCount(1)
      })
    }
  }
})
