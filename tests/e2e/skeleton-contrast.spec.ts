import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/admin-fixtures.ts'

// Skeletons are decoration, but they must read as "something is coming": at least this contrast with what is behind them.
const MIN_CONTRAST = 1.4

/** Contrast ratio (WCAG formula) of an element's background colour against the backgrounds it sits on. */
function contrastWithBackdrop(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    // The canvas composites any CSS colour (oklab, color-mix results, alpha) the way the page does.
    const paint = (color: string, under: number[]) => {
      ctx.fillStyle = `rgb(${under.join(',')})`
      ctx.fillRect(0, 0, 1, 1)
      ctx.fillStyle = color
      ctx.fillRect(0, 0, 1, 1)
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3))
    }
    const ancestors: Element[] = []
    for (let node = el.parentElement; node; node = node.parentElement) ancestors.unshift(node)
    const backdrop = ancestors.reduce(
      (under, node) => paint(getComputedStyle(node).backgroundColor, under),
      [255, 255, 255],
    )
    const fill = paint(getComputedStyle(el).backgroundColor, backdrop)
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    const [light, dark] = [luminance(fill), luminance(backdrop)].sort((a, b) => b - a)
    return (light! + 0.05) / (dark! + 0.05)
  })
}

/** Holds matching API answers until `release` is called, so the loading state stays on screen. */
async function holdRequests(page: Page, pattern: string) {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test('loading skeletons stand out from the card or page behind them', async ({ adminPage: page }) => {
  await page.goto('/blog')
  await expect(page.locator('main article').first()).toBeVisible()
  const releaseList = await holdRequests(page, '**/api/posts?*')
  await page.getByLabel('Sort by').selectOption({ label: 'Most Popular' })
  const card = page.getByTestId('post-card-skeleton').first()
  await expect(card).toBeVisible()
  await expect(card.locator('[aria-hidden="true"]')).not.toHaveCount(0)
  for (const bone of await card.locator('[aria-hidden="true"]').all())
    expect(await contrastWithBackdrop(bone)).toBeGreaterThanOrEqual(MIN_CONTRAST)
  releaseList()
  await page.unrouteAll({ behavior: 'wait' })

  const releaseAdmin = await holdRequests(page, '**/api/posts?*')
  await page.goto('/admin/posts')
  const row = page.getByTestId('post-skeleton').first()
  await expect(row).toBeVisible()
  await expect(row.locator('[aria-hidden="true"]')).not.toHaveCount(0)
  for (const bone of await row.locator('[aria-hidden="true"]').all())
    expect(await contrastWithBackdrop(bone)).toBeGreaterThanOrEqual(MIN_CONTRAST)
  releaseAdmin()
})
