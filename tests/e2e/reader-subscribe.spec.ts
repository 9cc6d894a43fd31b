import { linkIn, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { startE2eInbox } from './support/e2e-inbox.ts'
import { loginViaApi } from './support/admin-fixtures.ts'
import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

/** A documentation-range address of this test's own (the server trusts X-Forwarded-For from 127.0.0.1 here). */
const ownAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`

let inbox: SmtpInbox
test.beforeAll(async () => {
  test.setTimeout(180_000) // may wait for another spec file's SMTP server to close
  inbox = await startE2eInbox()
})
test.afterAll(() => inbox.close())

test('subscribe through the form, confirm through the emailed link, unsubscribe through its link', async ({
  browser,
  baseURL,
}) => {
  const email = `reader-${uid()}@example.com`
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() } })
  const page = await context.newPage()
  await page.goto('/')
  const form = page.getByRole('region', { name: 'Subscribe' })
  await expect(form.getByText('New posts by email, nothing else. Unsubscribe with one click.')).toBeVisible()
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('status')).toHaveText('Check your inbox to confirm')
  await expect(page).toHaveURL(/\/$/) // answered in place, no page load

  const [mail] = await inbox.waitFor(email)
  await page.goto(linkIn(mail!, `${baseURL}/subscribe/confirm?token=`))
  await expect(page.getByRole('heading', { name: "You're subscribed" })).toBeVisible()

  await page.goto(linkIn(mail!, `${baseURL}/unsubscribe?token=`))
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible()
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible()
  await context.close()
})

test('without JavaScript the form under a post lands on a page that says to check the inbox', async ({
  browser,
  baseURL,
  admin,
}) => {
  const post = await admin.createPost(postInput(`Mailed ${uid()}`))
  const email = `plain-${uid()}@example.com`
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() },
  })
  const page = await context.newPage()
  await page.goto(`/blog/${post.slug}`)
  const form = page.getByRole('region', { name: 'Subscribe' })
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox to confirm' })).toBeVisible()
  await expect(page.getByText(email)).toHaveCount(0)
  await inbox.waitFor(email)
  await context.close()
})

test('Admin → Subscribers finds a confirmed reader by address, and deletes them', async ({ browser, baseURL }) => {
  const email = `listed-${uid()}@example.com`
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() } })
  const page = await context.newPage()
  expect((await page.request.post('/api/subscribers', { data: { email } })).status()).toBe(202)
  const [mail] = await inbox.waitFor(email)
  await page.goto(linkIn(mail!, `${baseURL}/subscribe/confirm?token=`))
  await expect(page.getByRole('heading', { name: "You're subscribed" })).toBeVisible()

  await loginViaApi(page)
  await page.goto('/admin/dashboard')
  await expect(page.getByTestId('subscriber-count')).toHaveText(/^\d+ confirmed subscribers?$/)
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscribers' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/admin/subscribers/export.csv',
  )
  await page.getByLabel('Search').fill(email)
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('subscribed', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: `Delete ${email}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No subscribers found')).toBeVisible()
  await context.close()
})
