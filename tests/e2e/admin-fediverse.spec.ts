import { expect, test } from './support/admin-fixtures.ts'

test('Settings → Fediverse: the handle is checked and saved, and the switch takes the actor off the web', async ({
  adminPage: page,
  baseURL,
}) => {
  const host = new URL(baseURL!).host
  // The dashboard counts the followers and links to this tab.
  await page.goto('/admin')
  await expect(page.getByTestId('follower-count')).toHaveText('0 followers on the fediverse')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `test-results/screens/dashboard-followers-${width}.png`, fullPage: true })
  }
  await page.getByRole('link', { name: '0 followers on the fediverse' }).click()
  await expect(page.getByRole('tab', { name: 'Fediverse' })).toHaveAttribute('aria-selected', 'true')
  const handle = page.getByLabel('Handle')
  await expect(handle).toHaveValue('blog')
  await expect(page.getByText(`@blog@${host}`)).toBeVisible()
  await expect(page.getByText('No followers yet.')).toBeVisible()

  await handle.fill('Not Valid')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Error saving settings')).toBeVisible()
  await expect(handle).toHaveAttribute('aria-invalid', 'true')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `test-results/screens/settings-fediverse-${width}.png`, fullPage: true })
  }

  await handle.fill('news')
  await page.getByLabel('Federation on').uncheck()
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully!')).toBeVisible()
  await expect(handle).not.toHaveAttribute('aria-invalid', 'true')
  const finger = (user: string) => page.request.get(`/.well-known/webfinger?resource=acct:${user}@${host}`)
  expect((await finger('news')).status()).toBe(404)

  await page.getByLabel('Federation on').check()
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully!').first()).toBeVisible()
  await expect.poll(async () => (await finger('news')).status()).toBe(200)

  // Back to the defaults for the other specs.
  await handle.fill('blog')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect.poll(async () => (await finger('blog')).status()).toBe(200)
})
