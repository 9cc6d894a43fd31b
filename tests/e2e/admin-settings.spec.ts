import { expect, openAsReader, test, unique } from './support/admin-fixtures.ts'
import { pngFile } from './support/admin-files.ts'

test('social links are saved and shown in the public footer', async ({ adminPage: page, browser, baseURL }) => {
  const handle = unique('e2e').replace(/\s+/g, '-')
  const linkedin = `https://www.linkedin.com/in/${handle}`
  await page.goto('/admin/settings')
  await expect(page).toHaveTitle('Settings')
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'Social Media' }).click()
  await page.getByLabel('LinkedIn URL').fill(linkedin)
  await page.getByLabel('X URL').fill(`https://x.com/${handle}`)
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully!')).toBeVisible()

  const reader = await openAsReader(browser, baseURL, '/')
  const footer = reader.locator('footer')
  await expect(footer.locator(`a[href="${linkedin}"]`)).toHaveAttribute('target', '_blank')
  await expect(footer.locator(`a[href="https://x.com/${handle}"]`)).toBeVisible()
  await reader.context().close()

  // The account tab is read-only.
  await page.getByRole('tab', { name: 'Account' }).click()
  await expect(page.getByLabel('Username')).toHaveValue('admin')
  await expect(page.getByLabel('Role')).toHaveAttribute('readonly', '')
})

test('a social link that is not an http(s) URL is marked on its field with the reason', async ({ adminPage: page }) => {
  await page.goto('/admin/settings?tab=social')
  const x = page.getByLabel('X URL')
  await x.fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Error saving settings')).toBeVisible()
  await expect(page.getByText('Check the highlighted fields.')).toBeVisible()
  await expect(x).toHaveAttribute('aria-invalid', 'true')
  await expect(x).toHaveAccessibleDescription('Must be an http:// or https:// URL')
  await expect(page.getByLabel('LinkedIn URL')).not.toHaveAttribute('aria-invalid', 'true')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `test-results/screens/settings-social-invalid-${width}.png`, fullPage: true })
  }
  await x.fill('')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully!')).toBeVisible()
  await expect(x).not.toHaveAttribute('aria-invalid', 'true')
})

test('a footer page is created and edited in the panel and shown publicly', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const title = unique('E2E Footer Page')
  await page.goto('/admin/settings')
  await page.getByRole('tab', { name: 'Footer Pages' }).click()
  await page.getByRole('link', { name: 'New Page' }).click()
  await expect(page).toHaveURL(/\/admin\/footer-pages\/new$/)
  await page.getByRole('button', { name: 'Create Page' }).click()
  await expect(page.getByText('Title is required')).toBeVisible()
  await expect(page.getByText('Content is required')).toBeVisible()
  await expect(page.getByLabel('Content *')).toHaveAttribute('rows', '15')

  await page.getByLabel('Title *').fill(title)
  await page.getByLabel('Content *').fill('# Welcome\n\nFirst version.')
  await page.getByRole('button', { name: 'Create Page' }).click()
  await expect(page.getByText('Footer page created successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/settings/)

  const row = page.getByRole('listitem').filter({ hasText: title })
  const slug = ((await row.locator('p').nth(1).textContent()) ?? '').replace(/^\//, '')
  expect(slug).not.toBe('')
  await expect(row.getByRole('link', { name: `View ${title}` })).toHaveAttribute('href', `/${slug}`)
  await row.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page.getByRole('heading', { name: 'Edit Footer Page' })).toBeVisible()
  await expect(page.getByLabel('Title *')).toHaveValue(title)

  // Over 5MB is refused on the client.
  await page
    .locator('#footer-image')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) })
  await expect(page.getByText('File too large')).toBeVisible()
  await expect(page.getByText('Please select an image under 5MB.')).toBeVisible()

  await page.locator('#footer-image').setInputFiles(pngFile('footer.png'))
  const preview = page.getByRole('img', { name: 'Featured image preview' })
  await expect(preview).toHaveAttribute('src', /^\/uploads\//)
  const imageUrl = await preview.getAttribute('src')

  await page.getByLabel('Content *').fill('# Welcome\n\nSecond version, edited in the panel.\n\n- a **bold** item')
  await page.getByRole('button', { name: 'Update Page' }).click()
  await expect(page.getByText('Footer page updated successfully!')).toBeVisible()

  const reader = await openAsReader(browser, baseURL, `/${slug}`)
  await expect(reader.getByRole('heading', { name: title })).toBeVisible()
  await expect(reader.getByText('Second version, edited in the panel.')).toBeVisible()
  // Readers get the upload's responsive variants, never its original URL.
  const hash = imageUrl!.slice('/uploads/'.length, '/uploads/'.length + 64)
  await expect(reader.locator(`picture img[srcset*="/uploads/${hash}-480.png 480w"]`)).toBeVisible()
  await expect(reader.locator(`picture source[type="image/avif"][srcset*="/uploads/${hash}-480.avif"]`)).toHaveCount(1)
  await reader.context().close()
})
