import { E2E_ADMIN, expect, postInput, test, uid } from './support/reader-fixtures.ts'

const AP = 'application/activity+json'

// Switches federation off and on again, so it runs in a project of its own (playwright.config.ts), not beside
// the other specs that expect it on.
test('the footer offers the fediverse account with a copy button, and pages link their ActivityStreams twins', async ({
  page,
  context,
  playwright,
  baseURL,
  admin,
}) => {
  const host = new URL(baseURL!).host
  const account = `@blog@${host}`
  const post = await admin.createPost(postInput(`Fediverse footer ${uid()}`))
  const alternate = page.locator(`head link[rel="alternate"][type="${AP}"]`)

  await page.goto('/')
  const footer = page.locator('footer')
  await expect(footer.getByText(`Follow on the fediverse: ${account}`)).toBeVisible()
  await expect(alternate).toHaveAttribute('href', `${baseURL}/fediverse/users/site`)

  await page.goto(`/blog/${post.slug}`)
  await expect(alternate).toHaveAttribute('href', `${baseURL}/blog/${post.slug}`)
  const article = await page.request.get(`/blog/${post.slug}`, { headers: { accept: AP } })
  expect((await article.json()).type).toBe('Article')

  // Keyboard: the button is reached and pressed without a mouse; the status says "Copied".
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  const copy = footer.getByRole('button', { name: `Copy ${account}` })
  await copy.focus()
  await expect(copy).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(footer.getByRole('status')).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account)

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await footer.scrollIntoViewIfNeeded()
    await footer.screenshot({ path: `test-results/screens/reader-fediverse-footer-${width}.png` })
  }

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } })
  const settings = (enabled: boolean) => api.put('/api/admin/fediverse', { data: { enabled, handle: 'blog' } })
  try {
    expect((await api.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200)
    expect((await settings(false)).status()).toBe(200)
    await page.goto(`/blog/${post.slug}`)
    await expect(page.locator('footer').getByText('Follow on the fediverse')).toHaveCount(0)
    await expect(alternate).toHaveCount(0)
  } finally {
    expect((await settings(true)).status()).toBe(200)
    await api.dispose()
  }
})
