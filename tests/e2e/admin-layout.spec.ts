import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'
import { ADMIN_PAGES } from './support/admin-screens.ts'

test('every admin page uses the same content column', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1600, height: 900 })
  const columns: Record<string, { left: number; right: number }> = {}
  for (const path of ADMIN_PAGES) {
    await page.goto(path)
    const heading = page.locator('#main h1').first()
    await expect(heading).toBeVisible()
    columns[path] = await heading.evaluate((h1) => {
      const { left, right } = (h1.closest('header') ?? h1.parentElement!).getBoundingClientRect()
      return { left: Math.round(left), right: Math.round(right) }
    })
  }
  const first = columns['/admin/dashboard']!
  expect(first.right - first.left).toBeGreaterThan(1000)
  for (const path of ADMIN_PAGES) expect(columns[path], path).toEqual(first)
})

test('the desktop sidebar runs the whole height of a long page and its links stay in view', async ({
  adminPage: page,
}) => {
  for (let i = 0; i < 8; i++)
    await createPost(page.request, { title: unique('E2E Long List'), content: 'Filler.', status: 'draft' })
  await page.goto('/admin/posts')
  await expect(page.getByTestId('admin-post-row').nth(8)).toBeVisible()
  const sizes = await page.evaluate(() => ({ page: document.documentElement.scrollHeight, viewport: innerHeight }))
  expect(sizes.page).toBeGreaterThan(sizes.viewport * 1.5)

  const sidebar = page.locator('aside')
  const height = await sidebar.evaluate((el) => el.getBoundingClientRect().height)
  expect(height).toBeGreaterThanOrEqual(sizes.page - 1)

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport()
})

test('the phone layout reaches Analytics from the admin nav', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/dashboard')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await nav.getByRole('link', { name: 'Analytics' }).click()
  await expect(page).toHaveURL(/\/admin\/analytics$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page')
})
