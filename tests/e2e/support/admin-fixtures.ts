import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'

/** The webServer's admin (playwright.config.ts starts it with these ADMIN_* variables). */
export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-password-123',
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com',
}

/** A name no other test (or earlier run) uses. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/**
 * The shared server starts with ADMIN_*, so the admin exists; first-run setup needs the one-time token from a
 * server's log (admin-setup.spec.ts starts a server of its own for that).
 */
export async function ensureAdmin(request: APIRequestContext): Promise<void> {
  const status = await request.get('/api/auth/setup')
  if (status.ok() && ((await status.json()) as { needsSetup: boolean }).needsSetup)
    throw new Error('the e2e server has no admin: start it with ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD')
}

/** Logs in through the form and waits for the dashboard. */
export async function loginThroughForm(page: Page, password = ADMIN.password): Promise<void> {
  await ensureAdmin(page.request)
  await page.goto('/admin/login')
  await page.getByLabel('Username or Email').fill(ADMIN.username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN.username}!` })).toBeVisible()
}

/** Fast login: the session cookie lands in the page's context; the panel confirms it with /api/auth/me. */
export async function loginViaApi(page: Page): Promise<void> {
  await ensureAdmin(page.request)
  const res = await page.request.post('/api/auth/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  })
  expect(res.ok(), await res.text()).toBe(true)
}

type Fixtures = { adminPage: Page; pageErrors: string[] }

/**
 * `page` fails the test on uncaught page errors and console errors (network 4xx lines excepted: a logged-out
 * /api/auth/me answers 401 by design). `adminPage` is the same page, already logged in.
 */
export const test = base.extend<Fixtures>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = []
    // CSP violations (eval, inline script) are reported as console errors too.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      )
    })
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
        errors.push(`console: ${msg.text()}`)
    })
    await use(errors)
    expect(errors, 'errors in the page').toEqual([])
  },
  adminPage: async ({ page, pageErrors: _ }, use) => {
    await loginViaApi(page)
    await use(page)
  },
})

export { expect }

/** A reader's page: a separate browser context with no admin session. */
export async function openAsReader(browser: Browser, baseURL: string | undefined, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto(path)
  return page
}
