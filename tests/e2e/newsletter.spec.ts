import { linkIn, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { loginViaApi } from './support/admin-fixtures.ts'
import { startE2eInbox } from './support/e2e-inbox.ts'
import { expect, test, uid } from './support/reader-fixtures.ts'

/** A documentation-range address of this test's own (the server trusts X-Forwarded-For from 127.0.0.1 here). */
const ownAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`

let inbox: SmtpInbox
test.beforeAll(async () => {
  test.setTimeout(180_000) // may wait for another spec file's SMTP server to close
  inbox = await startE2eInbox()
})
test.afterAll(() => inbox.close())

test('subscribe, confirm, publish in the admin, receive the post, unsubscribe through its link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const email = `letter-${uid()}@example.com`
  const title = `Letter ${uid()}`
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() } })
  const page = await context.newPage()

  await page.goto('/')
  const form = page.getByRole('region', { name: 'Subscribe' })
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('status')).toHaveText('Check your inbox to confirm')
  const [confirmation] = await inbox.waitFor(email)
  await page.goto(linkIn(confirmation!, `${baseURL}/subscribe/confirm?token=`))
  await expect(page.getByRole('heading', { name: "You're subscribed" })).toBeVisible()

  await loginViaApi(page)
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Content', { exact: true }).fill('Words for the **inbox**.')
  const emailSwitch = page.getByRole('switch', { name: 'Email to subscribers' })
  await expect(emailSwitch).toBeChecked()
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()
  // Once the post is out, it has been sent: the switch is no longer offered.
  await expect(emailSwitch).toHaveCount(0)

  const [, letter] = await inbox.waitFor(email, 2)
  expect(letter!.parsed.subject).toBe(title)
  expect(letter!.parsed.html).toContain('<strong>inbox</strong>')

  await page.goto('/admin/subscribers')
  const sent = page.getByRole('region', { name: 'Sent posts' })
  await expect(sent.getByRole('row', { name: new RegExp(title) })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/newsletter-admin-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: 'test-results/newsletter-admin-1280.png', fullPage: true })

  await page.goto(linkIn(letter!, `${baseURL}/unsubscribe?token=`))
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible()
  await context.close()
})
