import type { Page } from '@playwright/test'
import { FORGOT_ANSWER, PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '#shared/schemas/password-reset.ts'
import { linkIn, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { startE2eInbox } from './support/e2e-inbox.ts'
import { ADMIN, expect, loginThroughForm, test } from './support/admin-fixtures.ts'

/**
 * There is one user, and a password change ends that user's other sessions: this file changes the password and
 * changes it back in the same test, and must not run alongside other admin tests (see playwright.config.ts).
 */
const NEW_PASSWORD = 'e2e-new-password-456'

async function changePassword(page: Page, current: string, next: string) {
  await page.goto('/admin/settings?tab=password')
  await page.getByLabel('Current Password').fill(current)
  await page.getByLabel('New Password', { exact: true }).fill(next)
  await page.getByLabel('Confirm New Password').fill(next)
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('Password changed successfully!')).toBeVisible()
}

test('password change, then log in with the new password (and change it back)', async ({ page, pageErrors: _ }) => {
  await loginThroughForm(page)
  await page.goto('/admin/settings?tab=password')
  await page.getByLabel('Current Password').fill(ADMIN.password)
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Confirm New Password').fill('something-else-789')
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText("New passwords don't match")).toBeVisible()

  await changePassword(page, ADMIN.password, NEW_PASSWORD)
  try {
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/admin/login')
    await page.getByLabel('Username or Email').fill(ADMIN.username)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible()
    await loginThroughForm(page, NEW_PASSWORD)
  } finally {
    const login = await page.request.post('/api/auth/login', {
      data: { username: ADMIN.username, password: NEW_PASSWORD },
    })
    if (login.ok()) {
      const back = await page.request.post('/api/auth/change-password', {
        data: { currentPassword: NEW_PASSWORD, newPassword: ADMIN.password },
      })
      expect(back.ok(), await back.text()).toBe(true)
    }
  }
  const original = await page.request.post('/api/auth/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  })
  expect(original.ok(), 'the original password works again').toBe(true)
})

let inbox: SmtpInbox
test.beforeAll(async () => {
  test.setTimeout(180_000) // may wait for another spec file's SMTP server to close
  inbox = await startE2eInbox()
})
// Closing waits for the server's pooled SMTP connections to end: outside the test's own time.
test.afterAll(() => inbox.close())

test('forgot password: the emailed link sets a new password once, then sign in (and change it back)', async ({
  page,
  baseURL,
  pageErrors: _,
}) => {
  try {
    await page.goto('/admin/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible()
    await page.getByLabel('Username or Email').fill(ADMIN.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText(FORGOT_ANSWER)).toBeVisible()

    const [mail] = await inbox.waitFor(ADMIN.email)
    const link = linkIn(mail!, `${baseURL}/admin/reset-password?token=`)
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible()
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm New Password').fill('something-else-789')
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await expect(page.getByLabel('Confirm New Password')).toHaveAccessibleDescription("Passwords don't match")
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await expect(page.getByRole('alert').filter({ hasText: PASSWORD_RESET_DONE })).toBeVisible()
    await expect(page).not.toHaveURL(/token=/)

    // Used once: the same link is refused.
    await page.goto(link)
    await page.getByLabel('New Password', { exact: true }).fill('third-password-789')
    await page.getByLabel('Confirm New Password').fill('third-password-789')
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await expect(page.getByRole('alert').filter({ hasText: RESET_LINK_INVALID })).toBeVisible()

    await page.getByRole('link', { name: '← Back to Sign In' }).click()
    await loginThroughForm(page, NEW_PASSWORD)
  } finally {
    const login = await page.request.post('/api/auth/login', {
      data: { username: ADMIN.username, password: NEW_PASSWORD },
    })
    if (login.ok()) {
      const back = await page.request.post('/api/auth/change-password', {
        data: { currentPassword: NEW_PASSWORD, newPassword: ADMIN.password },
      })
      expect(back.ok(), await back.text()).toBe(true)
    }
  }
})
