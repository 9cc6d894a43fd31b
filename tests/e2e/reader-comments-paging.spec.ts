import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

const COMMENTS = 120
const label = (i: number) => `Comment ${String(i).padStart(3, '0')}`

test('comments come 50 at a time, oldest first; Show more adds the next ones, with or without JavaScript', async ({
  page,
  browser,
  baseURL,
  admin,
  playwright,
}) => {
  const post = await admin.createPost(postInput(`Much discussed ${uid()}`))
  // Five comments a minute per network: each batch of five comes from its own documentation-range address.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } })
  const ids: string[] = []
  const network = Math.floor(Math.random() * 200)
  for (let i = 0; i < COMMENTS; i++) {
    const res = await api.post(`/api/posts/${post.id}/comments`, {
      data: { content: label(i), authorName: 'Paging Reader' },
      headers: { 'X-Forwarded-For': `198.18.${network}.${Math.floor(i / 5) + 1}` },
    })
    expect(res.status(), await res.text()).toBe(201)
    ids.push(((await res.json()) as { id: string }).id)
  }
  await api.dispose()
  for (let i = 0; i < ids.length; i += 50) await admin.approveComments(ids.slice(i, i + 50))

  await page.goto(`/blog/${post.slug}`)
  const list = page.getByRole('list', { name: 'Comments' }).getByRole('listitem')
  await expect(page.getByRole('heading', { name: `${COMMENTS} Comments` })).toBeVisible()
  await expect(list).toHaveCount(50)
  await expect(list.first()).toContainText(label(0))
  await expect(list.last()).toContainText(label(49))
  const showMore = page.getByRole('link', { name: 'Show more' })
  await showMore.click()
  await expect(list).toHaveCount(100)
  await expect(list.nth(50)).toBeFocused()
  await expect(list.nth(50)).toContainText(label(50))
  expect(new URL(page.url()).search).toBe('')
  await showMore.click()
  await expect(list).toHaveCount(COMMENTS)
  await expect(list.last()).toContainText(label(COMMENTS - 1))
  await expect(showMore).toHaveCount(0)

  // Without JavaScript the link leads to the next page, rendered by the server.
  const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const plain = await noJs.newPage()
  await plain.goto(`/blog/${post.slug}`)
  const plainList = plain.getByRole('list', { name: 'Comments' }).getByRole('listitem')
  await expect(plainList).toHaveCount(50)
  await plain.getByRole('link', { name: 'Show more' }).click()
  await expect(plain).toHaveURL(new RegExp(`\\?comments-after=${ids[49]}#comments$`))
  await expect(plainList).toHaveCount(50)
  await expect(plainList.first()).toContainText(label(50))
  await expect(plain.getByRole('link', { name: 'Show the first comments' })).toBeVisible()
  for (const scheme of ['light', 'dark'] as const) {
    await plain.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await plain.setViewportSize({ width, height: 900 })
      await plain.getByRole('link', { name: 'Show more' }).scrollIntoViewIfNeeded()
      await plain.screenshot({ path: `test-results/screens/comments-show-more-${width}-${scheme}.png` })
    }
  }
  await noJs.close()
})

test('an empty comment is an error on its field; a sent one says it awaits moderation, where focus goes', async ({
  browser,
  baseURL,
  admin,
}) => {
  const post = await admin.createPost(postInput(`Quiet thread ${uid()}`))
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
  })
  const page = await context.newPage()
  await page.goto(`/blog/${post.slug}`)
  const textarea = page.getByLabel('Leave a comment')
  await page.getByRole('button', { name: 'Submit Comment' }).click()
  await expect(textarea).toHaveAttribute('aria-invalid', 'true')
  await expect(textarea).toHaveAccessibleDescription('Please write your comment.')
  await expect(textarea).toBeFocused()
  await expect(page.getByText('Missing comment')).toBeVisible()

  await textarea.fill(`Nice post ${uid()}`)
  await expect(textarea).not.toHaveAttribute('aria-invalid')
  await page.getByRole('button', { name: 'Submit Comment' }).click()
  const status = page.getByRole('status').filter({ hasText: 'Your comment is awaiting moderation' })
  await expect(status).toBeVisible()
  await expect(status).toBeFocused()
  await expect(textarea).toHaveValue('')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await status.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `test-results/screens/comment-awaiting-${width}-${scheme}.png` })
    }
  }
  await context.close()
})
