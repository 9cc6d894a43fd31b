import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'
import { ADMIN_PAGES } from './support/admin-screens.ts'

const SCREENS = [
  ...ADMIN_PAGES,
  '/admin/settings?tab=password',
  '/admin/settings?tab=security',
  '/admin/settings?tab=footer-pages',
  '/admin/settings?tab=account',
]

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test.describe('admin accessibility (axe-core): no serious or critical violations', () => {
  for (const width of [1280, 375]) {
    test(`login form at ${width}px`, async ({ page, pageErrors: _ }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/admin/login')
      await page.getByLabel('Username or Email').waitFor()
      expect(await seriousViolations(page)).toEqual([])
    })

    test(`forgot and reset password forms at ${width}px`, async ({ page, pageErrors: _ }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/admin/forgot-password')
      await page.getByLabel('Username or Email').waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/admin/reset-password?token=not-sent')
      await page.getByRole('button', { name: 'Set New Password' }).click()
      await expect(page.getByLabel('New Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
      expect(await seriousViolations(page)).toEqual([])
    })

    test(`every screen at ${width}px, without horizontal scrolling`, async ({ adminPage: page }) => {
      test.setTimeout(180_000) // axe on every admin screen: ~40 s alone, and twice that beside another worker on a slow machine
      await page.setViewportSize({ width, height: 800 })
      const post = await createPost(page.request, {
        title: unique('E2E Axe Post'),
        content: 'Checked by axe.\n\n- one\n- two',
        status: 'draft',
      })
      for (const path of [...SCREENS, `/admin/posts/${post.id}/edit`]) {
        await page.goto(path)
        await page.locator('main h1').first().waitFor()
        await expect(page.getByRole('status')).toHaveCount(0) // spinners gone
        expect(await seriousViolations(page), path).toEqual([])
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0)
      }
    })

    test(`every screen at ${width}px in the dark theme`, async ({ adminPage: page }) => {
      test.setTimeout(180_000) // axe on every admin screen: ~40 s alone, and twice that beside another worker on a slow machine
      await page.emulateMedia({ colorScheme: 'dark' })
      await page.setViewportSize({ width, height: 800 })
      const post = await createPost(page.request, {
        title: unique('E2E Axe Dark'),
        content: '## One\n\n```js\nlet a = 1\n```',
        status: 'draft',
      })
      for (const path of [...SCREENS, `/admin/posts/${post.id}/edit`]) {
        await page.goto(path)
        await page.locator('main h1').first().waitFor()
        await expect(page.getByRole('status')).toHaveCount(0)
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), path).toBe('rgb(11, 17, 32)')
        expect(await seriousViolations(page), path).toEqual([])
      }
    })

    test(`dialogs at ${width}px`, async ({ adminPage: page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/admin/categories')
      await page.getByRole('button', { name: 'New Category' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create Category' })
      await expect(dialog.getByLabel('Name')).toBeFocused()
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('button', { name: 'New Category' })).toBeFocused()
    })
  }
})
