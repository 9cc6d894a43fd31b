import { createPost } from './support/admin-api.ts'
import { expect, openAsReader, test, unique } from './support/admin-fixtures.ts'

test('pending comments appear by themselves; approve publishes, delete asks and then removes', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const post = await createPost(page.request, {
    title: unique('E2E Commented Post'),
    content: 'Talk to me.',
    status: 'published',
  })
  await page.goto('/admin/comments')
  await expect(page).toHaveTitle('Comment Management')
  await expect(page.getByRole('heading', { name: 'Comment Management' })).toBeVisible()

  const reader = await openAsReader(browser, baseURL, `/blog/${post.slug}`)
  const keep = unique('A thoughtful comment')
  const drop = unique('A comment to remove')
  for (const content of [keep, drop]) {
    const res = await reader.request.post(`/api/posts/${post.id}/comments`, {
      data: { content, authorName: 'E2E Reader' },
    })
    expect(res.status(), await res.text()).toBe(201)
  }

  // No reload: the list polls every 5 seconds.
  const keepCard = page.getByTestId('admin-comment').filter({ hasText: keep })
  const dropCard = page.getByTestId('admin-comment').filter({ hasText: drop })
  await expect(keepCard).toBeVisible({ timeout: 12_000 })
  await expect(dropCard).toBeVisible()
  await expect(keepCard.getByText(post.title)).toBeVisible()
  await expect(keepCard.getByText('Pending', { exact: true })).toBeVisible()

  await keepCard.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(page.getByText('Comment approved')).toBeVisible()
  await expect(page.getByText('The comment is now visible to readers.')).toBeVisible()
  await expect(keepCard).toHaveCount(0)
  // Focus moves on to the comment that took its place, not back to the top of the page.
  await expect(page.getByTestId('admin-comment').first()).toBeFocused()
  await page.getByRole('tab', { name: /Approved/ }).click()
  await expect(keepCard.getByText('Approved', { exact: true })).toBeVisible()
  await expect(keepCard.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)

  const publicComments = (await (await reader.request.get(`/api/posts/${post.id}/comments`)).json()) as {
    content: string
  }[]
  expect(publicComments.map((c) => c.content)).toEqual([keep])

  // Delete asks first; Cancel keeps the comment.
  await page.getByRole('tab', { name: /Pending/ }).click()
  await dropCard.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Comment' })
  await expect(
    dialog.getByText('Are you sure you want to delete this comment? This action cannot be undone.'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(dropCard).toBeVisible()
  const stillThere = (await (await page.request.get('/api/admin/comments?status=pending')).json()) as {
    comments: { content: string }[]
  }
  expect(stillThere.comments.map((c) => c.content)).toContain(drop)

  await dropCard.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Comment deleted')).toBeVisible()
  await expect(page.getByText('The comment has been permanently removed.')).toBeVisible()
  await expect(dropCard).toHaveCount(0)
  await reader.context().close()
})

test('moderation: post titles link to the post, unapprove, bulk approve, and the pending count on the sidebar and dashboard', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const post = await createPost(page.request, {
    title: unique('E2E Moderated Post'),
    content: 'Moderate me.',
    status: 'published',
  })
  const reader = await openAsReader(browser, baseURL, `/blog/${post.slug}`)
  const texts = [unique('First of a batch'), unique('Second of a batch')]
  const network = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
  for (const content of texts) {
    const res = await reader.request.post(`/api/posts/${post.id}/comments`, {
      data: { content },
      headers: { 'X-Forwarded-For': network },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  await reader.context().close()

  await page.goto('/admin/dashboard')
  await expect(page.getByTestId('pending-comments')).toHaveText(/^\d+ comments? awaiting moderation$/)
  const sidebarCount = page.getByRole('navigation', { name: 'Admin' }).getByTestId('sidebar-pending')
  await expect(sidebarCount).toHaveText(/^\d+ pending$/)
  await page.getByTestId('pending-comments').click()
  await expect(page.getByRole('heading', { name: 'Comment Management' })).toBeVisible()

  const cards = texts.map((text) => page.getByTestId('admin-comment').filter({ hasText: text }))
  await expect(cards[0]!.getByRole('link', { name: post.title })).toHaveAttribute('href', `/blog/${post.slug}`)
  for (const card of cards) await card.getByRole('checkbox').check()
  await expect(page.getByText('2 comments selected')).toBeVisible()
  await page.getByRole('button', { name: 'Approve selected' }).click()
  await expect(page.getByText('2 comments approved')).toBeVisible()
  for (const card of cards) await expect(card).toHaveCount(0)
  const shown = (await (await page.request.get(`/api/posts/${post.id}/comments`)).json()) as { content: string }[]
  expect(shown.map((c) => c.content)).toEqual(texts)

  await page.getByRole('tab', { name: /Approved/ }).click()
  await expect(page).toHaveURL(/status=approved/)
  await cards[1]!.getByRole('button', { name: 'Unapprove' }).click()
  await expect(page.getByText('Comment unapproved')).toBeVisible()
  await expect(cards[1]!).toHaveCount(0)
  const after = (await (await page.request.get(`/api/posts/${post.id}/comments`)).json()) as { content: string }[]
  expect(after.map((c) => c.content)).toEqual([texts[0]])

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `test-results/screens/admin-comments-${width}-${scheme}.png` })
    }
  }
  await page.goto('/admin/dashboard')
  await expect(page.getByTestId('pending-comments')).toBeVisible()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `test-results/screens/admin-dashboard-pending-${width}.png` })
  }
})
