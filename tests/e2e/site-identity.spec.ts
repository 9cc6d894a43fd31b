import { DEFAULT_SITE_IDENTITY } from '#shared/site/identity.ts'
import { expect, loginViaApi, openAsReader, test } from './support/admin-fixtures.ts'
import { uniquePng } from './support/admin-files.ts'

const SCREENS = 'test-results/screens'

// This file renames the whole site and its author: it runs in its own project (playwright.config.ts) and each test
// puts the defaults back.
test.afterEach(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await loginViaApi(page)
  const res = await page.request.put('/api/site-identity', { data: DEFAULT_SITE_IDENTITY })
  expect(res.ok(), await res.text()).toBe(true)
  expect((await page.request.delete('/api/navigation')).ok()).toBe(true)
  const profile = await page.request.put('/api/account/profile', { data: { displayName: '', bio: '', avatar: '' } })
  expect(profile.ok()).toBe(true)
  await context.close()
})

test('Settings → General names and brands the site, and readers see it at once', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  await page.goto('/admin/settings')
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByLabel('Site title')).toHaveValue(DEFAULT_SITE_IDENTITY.title)

  await page.getByLabel('Site title').fill('Ada’s Workbench')
  await page.getByLabel('Tagline').fill('Small programs, long walks')
  await page.getByLabel('Home page text').fill('Notes from the bench, every other week.')
  await page.getByLabel('Language').fill('de')
  await page.getByLabel('Footer line').fill('© {year} {title} · Made by hand')
  await page.locator('#site-logo').setInputFiles(await uniquePng('logo.png', 96, 96))
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible()
  await page.locator('#site-favicon').setInputFiles(await uniquePng('icon.png', 64, 64))
  await expect(page.getByRole('img', { name: 'Favicon preview' })).toBeVisible()

  // The same schema as the server's checks the form: a colour that is not #rrggbb is marked on its field.
  const accent = page.locator('#site-accentColor')
  await accent.fill('red')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(accent).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Must be a colour like #1d4ed8')).toBeVisible()
  await accent.fill('#b91c1c')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully!')).toBeVisible()
  await expect(accent).not.toHaveAttribute('aria-invalid', 'true')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${SCREENS}/settings-general-${scheme}-${width}.png`, fullPage: true })
    }
  }

  const reader = await openAsReader(browser, baseURL, '/')
  await expect(reader).toHaveTitle('Ada’s Workbench: Small programs, long walks')
  await expect(reader.locator('html')).toHaveAttribute('lang', 'de')
  await expect(reader.getByRole('heading', { level: 1, name: 'Small programs, long walks' })).toBeVisible()
  await expect(reader.getByText('Notes from the bench, every other week.')).toBeVisible()
  const home = reader.getByRole('banner').getByRole('link', { name: 'Ada’s Workbench' })
  await expect(home.locator('img')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{64}-480\.png$/)
  await expect(reader.locator('footer')).toContainText(`© ${new Date().getFullYear()} Ada’s Workbench · Made by hand`)
  await expect(reader.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/uploads\/[a-f0-9]{64}-480\.png$/)
  // The accent colour is the theme's primary colour: the hero's first button wears it.
  const start = reader.getByRole('link', { name: 'Start Reading' })
  await expect(start).toHaveCSS('background-color', 'rgb(185, 28, 28)')
  const icon = await reader.request.get('/favicon.ico')
  expect(icon.status()).toBe(200)
  expect(icon.headers()['content-type']).toBe('image/png')
  const rss = await (await reader.request.get('/rss.xml')).text()
  expect(rss).toContain('<title>Ada’s Workbench</title>')
  for (const scheme of ['light', 'dark'] as const) {
    await reader.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await reader.setViewportSize({ width, height: 900 })
      await reader.screenshot({ path: `${SCREENS}/reader-identity-${scheme}-${width}.png` })
    }
  }
  await reader.context().close()
})

test('Settings → Navigation edits the menus readers see; the header searches and the footer links the feed', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  await page.goto('/admin/settings?tab=navigation')
  const header = page.getByRole('group', { name: 'Header menu' })
  await expect(header.getByLabel('Header menu link 1 label')).toHaveValue('Home')
  await expect(header.getByLabel('Header menu link 2 label')).toHaveValue('Blog')
  await header.getByRole('button', { name: 'Add header link' }).click()
  await header.getByLabel('Header menu link 3 label').fill('About me')
  const address = header.getByLabel('Header menu link 3 address')
  await address.fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Save Navigation' }).click()
  await expect(address).toHaveAttribute('aria-invalid', 'true')
  await expect(address).toHaveAccessibleDescription('Must be a site path like /about or an http(s) URL')
  await address.fill('/about')
  await header.getByRole('button', { name: 'Move About me up' }).click()
  await expect(header.getByLabel('Header menu link 2 label')).toHaveValue('About me')

  const footer = page.getByRole('group', { name: 'Footer menu' })
  await footer.getByRole('button', { name: 'Add footer link' }).click()
  const last = await footer.getByRole('listitem').count()
  await footer.getByLabel(`Footer menu link ${last} label`).fill('Mastodon')
  await footer.getByLabel(`Footer menu link ${last} address`).fill('https://social.example/@me')
  await page.getByRole('button', { name: 'Save Navigation' }).click()
  await expect(page.getByText('Navigation saved successfully!')).toBeVisible()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${SCREENS}/settings-navigation-${scheme}-${width}.png`, fullPage: true })
    }
  }

  const reader = await openAsReader(browser, baseURL, '/')
  const banner = reader.getByRole('banner')
  await expect(banner.getByRole('navigation').getByRole('link')).toHaveText([
    DEFAULT_SITE_IDENTITY.title,
    'Home',
    'About me',
    'Blog',
  ])
  await expect(reader.locator('footer').getByRole('link', { name: 'Mastodon' })).toHaveAttribute(
    'href',
    'https://social.example/@me',
  )
  await expect(reader.locator('footer').getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/rss.xml')
  await banner.getByRole('link', { name: 'About me' }).click()
  await expect(reader).toHaveURL(/\/about$/)
  await expect(banner.getByRole('link', { name: 'About me' })).toHaveAttribute('aria-current', 'page')

  await banner.getByRole('searchbox', { name: 'Search articles' }).fill('fastify')
  await banner.getByRole('searchbox', { name: 'Search articles' }).press('Enter')
  await expect(reader).toHaveURL(/\/blog\?q=fastify$/)
  for (const scheme of ['light', 'dark'] as const) {
    await reader.emulateMedia({ colorScheme: scheme })
    await reader.setViewportSize({ width: 1280, height: 900 })
    await reader.screenshot({ path: `${SCREENS}/reader-menus-${scheme}-1280.png` })
    await reader.setViewportSize({ width: 390, height: 900 })
    await reader.getByRole('button', { name: 'Open menu' }).click()
    await reader.screenshot({ path: `${SCREENS}/reader-menus-${scheme}-390.png` })
    await reader.getByRole('button', { name: 'Close menu' }).click()
  }
  await reader.locator('footer').scrollIntoViewIfNeeded()
  await reader.screenshot({ path: `${SCREENS}/reader-footer-390.png`, fullPage: false })
  await reader.context().close()
})

test('Settings → Account: the author profile names every byline and shows under each post', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  await page.goto('/admin/settings?tab=account')
  await page.getByLabel('Display name').fill('Ada Lovelace')
  await page.getByLabel('Bio').fill('Writes about engines and poetry.')
  await page.locator('#profile-avatar').setInputFiles(await uniquePng('me.png', 96, 96))
  await expect(page.getByRole('img', { name: 'Avatar preview' })).toBeVisible()
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Profile saved successfully!')).toBeVisible()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${SCREENS}/settings-account-${scheme}-${width}.png`, fullPage: true })
    }
  }

  const post = await page.request.post('/api/posts', {
    data: { title: `Byline ${Date.now()}`, content: 'A short post.', status: 'published' },
  })
  expect(post.ok()).toBe(true)
  const { slug } = (await post.json()) as { slug: string }
  const reader = await openAsReader(browser, baseURL, `/blog/${slug}`)
  await expect(reader.getByText('By Ada Lovelace')).toBeVisible()
  const card = reader.getByRole('complementary', { name: 'About the author' })
  await expect(card).toContainText('Ada Lovelace')
  await expect(card).toContainText('Writes about engines and poetry.')
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{64}-480\.png$/)
  const ld = await reader.locator('script[type="application/ld+json"]').textContent()
  expect(JSON.parse(ld ?? '{}')).toMatchObject({ author: { name: 'Ada Lovelace' } })
  for (const scheme of ['light', 'dark'] as const) {
    await reader.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await reader.setViewportSize({ width, height: 900 })
      await card.scrollIntoViewIfNeeded()
      await reader.screenshot({ path: `${SCREENS}/reader-author-${scheme}-${width}.png` })
    }
  }
  await reader.context().close()
})
