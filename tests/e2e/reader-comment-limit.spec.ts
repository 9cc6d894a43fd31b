import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

/** A documentation-range address of this test's own (the server trusts X-Forwarded-For from 127.0.0.1 here), so its budget is its own. */
const ownAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`

test('a 429 on the comment form says how long to wait', async ({ browser, baseURL, admin }) => {
  const post = await admin.createPost(postInput(`Busy thread ${uid()}`))
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() } })
  const page = await context.newPage()
  await page.goto(`/blog/${post.slug}`)
  const textarea = page.getByLabel('Leave a comment')
  const submit = page.getByRole('button', { name: 'Submit Comment' })

  // Five comments a minute are accepted from one network; the sixth is refused with Retry-After.
  for (let i = 0; i < 5; i++) {
    await textarea.fill(`Comment number ${i} ${uid()}`)
    await submit.click()
    await expect(page.getByText('Comment submitted!').last()).toBeVisible()
    await expect(textarea).toHaveValue('')
  }
  await textarea.fill(`One too many ${uid()}`)
  await submit.click()
  const message = page.getByText(/^Too many attempts\. Try again in (\d+ seconds|1 minute)\.$/)
  await expect(message).toBeVisible()
  await expect(page.getByText('Failed to submit comment. Please try again.')).toHaveCount(0)
  await expect(textarea).not.toHaveValue('') // the text is kept for when the wait is over

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `test-results/screens/comment-limit-${width}.png` })
  }
  await context.close()
})
