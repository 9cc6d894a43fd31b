import type { Page } from '@playwright/test'
import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'

const backupOf = (page: Page, key: string) =>
  page.evaluate((k) => window.localStorage.getItem(`blog_post_backup_${k}`), key)

test('unsaved edits survive a reload and are offered back', async ({ adminPage: page }) => {
  const title = unique('E2E Backup Post')
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Content', { exact: true }).fill('Words I do not want to lose.')
  await expect.poll(() => backupOf(page, 'new')).toContain('Words I do not want to lose.')

  page.on('dialog', (d) => void d.accept()) // the beforeunload prompt
  await page.reload()
  await expect(page.getByText(/Unsaved changes from .* were found in this browser/)).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('')
  await page.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
  await expect(page.getByLabel('Content', { exact: true })).toHaveValue('Words I do not want to lose.')

  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expect(page.getByText('Post created successfully!')).toBeVisible()
  // The toast comes from the mutation itself; the save's own success step (which clears the backup) runs just after.
  await expect.poll(() => backupOf(page, 'new')).toBeNull()
})

test('an edited post offers its backup; leaving with unsaved changes asks first', async ({ adminPage: page }) => {
  const post = await createPost(page.request, {
    title: unique('E2E Backup Edit'),
    content: 'Original text.',
    status: 'draft',
  })
  await page.goto(`/admin/posts?search=${encodeURIComponent(post.title)}`)
  await page.getByRole('link', { name: `Edit ${post.title}` }).click()
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible() // a draft in edit mode
  await expect(page.getByText(/were found in this browser/)).toHaveCount(0)
  // Offline, so the edits stay in this browser only: that is when leaving asks (an autosaved copy would not).
  await page.context().setOffline(true)
  await page.getByLabel('Content', { exact: true }).fill('Changed but not saved.')
  await expect.poll(() => backupOf(page, post.id)).toContain('Changed but not saved.')

  // The Back button and in-app links ask; dismissing stays on the editor with the edits.
  const messages: string[] = []
  const dismissOnce = () =>
    page.once('dialog', (d) => {
      messages.push(d.message())
      void d.dismiss()
    })
  dismissOnce()
  await page.evaluate(() => history.back())
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}/edit$`))
  await expect(page.getByLabel('Content', { exact: true })).toHaveValue('Changed but not saved.')
  dismissOnce()
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click()
  expect(messages).toEqual([
    'You have unsaved changes. Leave this page anyway?',
    'You have unsaved changes. Leave this page anyway?',
  ])
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}/edit$`))

  page.once('dialog', (d) => void d.accept())
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click()
  await expect(page).toHaveURL(/\/admin\/posts$/)

  await page.context().setOffline(false)
  await page.goto(`/admin/posts/${post.id}/edit`)
  await expect(page.getByLabel('Content', { exact: true })).toHaveValue('Original text.')
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByText(/were found in this browser/)).toHaveCount(0)
  expect(await backupOf(page, post.id)).toBeNull()
})
