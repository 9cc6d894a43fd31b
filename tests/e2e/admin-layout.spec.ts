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

test('on a phone the admin nav is a menu that names the current section; Esc closes it', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/dashboard')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  const menu = nav.getByRole('button', { name: 'Menu: Dashboard' })
  await expect(menu).toBeInViewport()
  await expect(nav.getByRole('link', { name: 'Analytics' })).toBeHidden()
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await nav.getByRole('link', { name: 'Comments' }).focus()
  await page.keyboard.press('Escape')
  await expect(nav.getByRole('link', { name: 'Comments' })).toBeHidden()
  await expect(menu).toBeFocused()

  await menu.click()
  await nav.getByRole('link', { name: 'Analytics' }).click()
  await expect(page).toHaveURL(/\/admin\/analytics$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await expect(nav.getByRole('button', { name: 'Menu: Analytics' })).toBeInViewport()
  await expect(nav.getByRole('link', { name: 'Analytics' })).toBeHidden()
  await nav.getByRole('button', { name: 'Menu: Analytics' }).click()
  await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Analytics' })).toBeInViewport()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: `test-results/screens/admin-phone-menu-${scheme}.png` })
  }
})

test('the admin has a skip link to its content', async ({ adminPage: page }) => {
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main#main')).toBeFocused()
})
