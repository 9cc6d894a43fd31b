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

  await keepCard.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Comment approved')).toBeVisible()
  await expect(page.getByText('The comment is now visible to readers.')).toBeVisible()
  await expect(keepCard).toHaveCount(0)
  await page.getByRole('tab', { name: /Approved/ }).click()
  await expect(keepCard.getByText('Approved', { exact: true })).toBeVisible()
  await expect(keepCard.getByRole('button', { name: 'Approve' })).toHaveCount(0)

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
  const stillThere = (await (await page.request.get('/api/admin/comments')).json()) as { content: string }[]
  expect(stillThere.map((c) => c.content)).toContain(drop)

  await dropCard.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Comment deleted')).toBeVisible()
  await expect(page.getByText('The comment has been permanently removed.')).toBeVisible()
  await expect(dropCard).toHaveCount(0)
  await reader.context().close()
})
