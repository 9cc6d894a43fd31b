import { ADMIN, ensureAdmin, expect, loginThroughForm, test } from './support/admin-fixtures.ts'

const ADMIN_ROUTES = [
  '/admin',
  '/admin/login',
  '/admin/dashboard',
  '/admin/posts',
  '/admin/posts/new',
  '/admin/posts/some-id/edit',
  '/admin/categories',
  '/admin/media',
  '/admin/comments',
  '/admin/settings',
  '/admin/analytics',
  '/admin/footer-pages/some-id/edit',
  '/admin/footer-pages/new',
]

test.describe('admin sign-in', () => {
  test.beforeEach(async ({ request }) => ensureAdmin(request))

  test('every admin route shows the login form when logged out', async ({ page, pageErrors: _ }) => {
    for (const route of ADMIN_ROUTES) {
      await page.goto(route)
      await expect(page.getByRole('heading', { name: 'Admin Login' }), route).toBeVisible()
      await expect(page.getByLabel('Username or Email'), route).toBeVisible()
      await expect(page).toHaveTitle('Admin Login')
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  })

  test('validation, a wrong password, then a successful login', async ({ page, pageErrors: _ }) => {
    await page.goto('/admin/login')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Username is required')).toBeVisible()
    await expect(page.getByText('Password is required')).toBeVisible()
    // After the first submit, validation follows every change.
    await page.getByLabel('Username or Email').fill(ADMIN.username)
    await expect(page.getByText('Username is required')).toBeHidden()
    await expect(page.getByText('Password is required')).toBeVisible()

    await page.getByLabel('Password').fill('definitely-wrong-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible()

    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN.username}!` })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('aria-current', 'page')

    // Already logged in: /admin/login goes to the dashboard.
    await page.goto('/admin/login')
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN.username}!` })).toBeVisible()
  })

  test('logout clears the session and returns to the blog', async ({ page, pageErrors: _ }) => {
    await loginThroughForm(page)
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click()
    await expect(page).toHaveURL(/\/$/)
    expect(await page.evaluate(() => window.localStorage.getItem('blog_auth'))).toBeNull()
    await page.goto('/admin/posts')
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    expect((await page.request.get('/api/auth/me')).status()).toBe(401)
  })

  test('a session ended on the server brings back the login form', async ({ adminPage: page }) => {
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN.username}!` })).toBeVisible()
    expect((await page.request.post('/api/auth/logout')).ok()).toBe(true)
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Comments' }).click()
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('blog_auth'))).toBeNull()
  })

  test('the back link goes to the blog', async ({ page, pageErrors: _ }) => {
    await page.goto('/admin/login')
    await page.getByRole('link', { name: '← Back to Blog' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})

test('a 429 on the login form says how long to wait', async ({ browser, baseURL }) => {
  // Its own client address (the e2e server trusts X-Forwarded-For from 127.0.0.1) and a made-up account, so the
  // real admin's budget is untouched.
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
  })
  const page = await context.newPage()
  const username = `nobody-${Date.now().toString(36)}`
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/auth/login', { data: { username, password: 'wrong-password' } })
    expect(res.status()).toBe(401)
  }
  await page.goto('/admin/login')
  await page.getByLabel('Username or Email').fill(username)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText(/^Too many attempts\. Try again in (15|14) minutes\.$/)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `test-results/screens/login-limit-${width}.png` })
  }
  await context.close()
})
