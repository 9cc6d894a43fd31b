import type { Page } from '@playwright/test'
import { expect, test } from './support/admin-fixtures.ts'

const content = (page: Page) => page.getByLabel('Content', { exact: true })

test('New Post opens with the cursor in the title, and no placeholder looks like a filled-in value', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/posts')
  await page.getByRole('link', { name: 'New Post', exact: true }).click()
  await expect(page.getByLabel('Title', { exact: true })).toBeFocused()
  await expect(page.getByLabel('Tags')).not.toHaveAttribute('placeholder', /.+/)
  await expect(page.getByLabel('URL Slug')).not.toHaveAttribute('placeholder', /.+/)
  const featured = page.getByLabel('Featured Image URL')
  await expect(featured).not.toHaveAttribute('placeholder', /.+/)
  await expect(featured).toHaveAccessibleDescription('When empty, the first image in the content')
})

test('the text area grows with the text instead of scrolling in a fixed box', async ({ adminPage: page }) => {
  await page.goto('/admin/posts/new')
  const start = (await content(page).boundingBox())!.height
  await content(page).fill(Array.from({ length: 80 }, (_, i) => `Line ${i + 1}`).join('\n'))
  await expect.poll(async () => (await content(page).boundingBox())!.height).toBeGreaterThan(start * 2)
  const { scrollHeight, clientHeight } = await content(page).evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }))
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1)
})

test('the toolbar makes headings, quotes and code blocks', async ({ adminPage: page }) => {
  await page.goto('/admin/posts/new')
  const area = content(page)
  await area.fill('Title line\nwise words\nnpm start')
  await area.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0))
  await page.getByRole('button', { name: 'Heading' }).click()
  await expect(area).toHaveValue('## Title line\nwise words\nnpm start')
  await area.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(16, 16))
  await page.getByRole('button', { name: 'Quote' }).click()
  await expect(area).toHaveValue('## Title line\n> wise words\nnpm start')
  await area.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length - 9, el.value.length))
  await page.getByRole('button', { name: 'Code block' }).click()
  await expect(area).toHaveValue('## Title line\n> wise words\n```\nnpm start\n```')
})
