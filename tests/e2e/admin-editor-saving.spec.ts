import type { Page } from '@playwright/test'
import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'
import { uniquePng } from './support/admin-files.ts'

const content = (page: Page) => page.getByLabel('Content', { exact: true })
const status = (page: Page) => page.getByTestId('autosave-status')
const postJson = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/posts/${id}`)).json()) as { status: string; content: string; title: string }

test('a published post shows its state, saves in place with Ctrl+S, and Unpublish warns about the 404', async ({
  adminPage: page,
  request,
}) => {
  const post = await createPost(page.request, {
    title: unique('E2E Live Post'),
    content: 'Live words.',
    status: 'published',
  })
  await page.goto(`/admin/posts/${post.id}/edit`)
  await expect(page.getByTestId('post-state')).toHaveText('Published')
  await expect(page.getByRole('link', { name: 'View post' })).toHaveAttribute('href', `/blog/${post.slug}`)
  await expect(page.getByRole('button', { name: 'Save as Draft' })).toHaveCount(0)

  await content(page).fill('Live words, improved.')
  await page.keyboard.press('Control+s')
  await expect(page.getByText('Post updated successfully!')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}/edit$`))
  await expect(content(page)).toBeFocused()
  expect((await postJson(page, post.id)).content).toBe('Live words, improved.')
  expect((await request.get(`/blog/${post.slug}`)).status()).toBe(200)

  await page.getByRole('button', { name: 'Unpublish' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Unpublish this post?' })
  await expect(confirm).toContainText(`Readers who open /blog/${post.slug} will get a 404`)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect((await postJson(page, post.id)).status).toBe('published')

  await page.getByRole('button', { name: 'Unpublish' }).click()
  await confirm.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByText('Post unpublished')).toBeVisible()
  await expect(page.getByTestId('post-state')).toHaveText('Draft')
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible()
  expect((await postJson(page, post.id)).status).toBe('draft')
  expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404)
})

test('a new post becomes a real draft on its first autosave, without losing the cursor', async ({
  adminPage: page,
}) => {
  const title = unique('E2E Autosaved Draft')
  await page.goto('/admin/posts/new')
  await expect(page.getByTestId('post-state')).toHaveText('Draft')
  await content(page).fill('No title yet.')
  await expect(status(page)).toHaveText('Not saved yet: Title is required')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await content(page).click()
  // Typing is not saving: "Saving…" is only for the request itself.
  await expect(status(page)).toHaveText('Unsaved changes')
  await expect(status(page)).toHaveText('Saved')
  await expect(page).toHaveURL(/\/admin\/posts\/[^/]+\/edit$/)
  const id = /\/admin\/posts\/([^/]+)\/edit$/.exec(page.url())![1]!
  expect(await postJson(page, id)).toMatchObject({ title, status: 'draft', content: 'No title yet.' })

  // Still the same editor: typing goes on where it was.
  await expect(content(page)).toBeFocused()
  await page.keyboard.press('End')
  await page.keyboard.type(' More.')
  await expect(content(page)).toHaveValue('No title yet. More.')
  await expect(status(page)).toHaveText('Saved')

  // Everything is on the server, so leaving asks nothing; the post is in the list, and the autosaved working copy
  // is offered when it is opened again.
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.accept()
  })
  await page.goto(`/admin/posts?search=${encodeURIComponent(title)}`)
  await expect(page.getByTestId('admin-post-row').filter({ hasText: title })).toHaveCount(1)
  await page.goto(`/admin/posts/${id}/edit`)
  await expect(page.getByText(/Restore them\?/)).toBeVisible()
  await page.getByRole('button', { name: 'Restore' }).click()
  await expect(content(page)).toHaveValue('No title yet. More.')
  expect(dialogs).toEqual([])
})

test('autosave goes on while the "Restore them?" banner shows', async ({ adminPage: page }) => {
  const post = await createPost(page.request, { title: unique('E2E Banner'), content: 'Saved.', status: 'draft' })
  await page.goto(`/admin/posts/${post.id}/edit`)
  await content(page).fill('First session.')
  await expect(status(page)).toHaveText('Saved')
  await page.reload()
  await expect(page.getByText(/Restore them\?/)).toBeVisible()
  await content(page).fill('Typed while the banner shows.')
  await expect(status(page)).toHaveText('Saved')
  await expect(page.getByText(/Restore them\?/)).toBeVisible()
  const copy = (await (await page.request.get(`/api/autosaves/${post.id}`)).json()) as { form: { content: string } }
  expect(copy.form.content).toBe('Typed while the banner shows.')
  await page.reload()
  await page.getByRole('button', { name: 'Restore' }).click()
  await expect(content(page)).toHaveValue('Typed while the banner shows.')
})

test('"Open preview" shows the text in the editor, not the last saved one', async ({ adminPage: page }) => {
  const post = await createPost(page.request, { title: unique('E2E Preview'), content: 'Old words.', status: 'draft' })
  await page.goto(`/admin/posts/${post.id}/edit`)
  await content(page).fill('Fresh **unsaved** words.')
  await page.getByRole('button', { name: 'Open preview' }).click()
  const dialog = page.getByRole('dialog', { name: post.title })
  await expect(dialog.locator('strong')).toHaveText('unsaved')
  await expect(dialog).not.toContainText('Old words.')
})

test('Publish in the posts list asks first and names images without alt text', async ({ adminPage: page }) => {
  const post = await createPost(page.request, {
    title: unique('E2E List Publish'),
    content: 'Look: ![](/uploads/none.png)',
    status: 'draft',
  })
  await page.goto(`/admin/posts?search=${encodeURIComponent(post.title)}`)
  const row = page.getByTestId('admin-post-row').filter({ hasText: post.title })
  await row.getByRole('button', { name: `Publish ${post.title}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Publish “${post.title}”?` })
  await expect(dialog.getByTestId('publish-alt-warning')).toHaveText(/^One image in this post has no alt text\./)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  expect((await postJson(page, post.id)).status).toBe('draft')

  await row.getByRole('button', { name: `Publish ${post.title}` }).click()
  await dialog.getByRole('button', { name: 'Publish anyway' }).click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()
  expect((await postJson(page, post.id)).status).toBe('published')
})

test('the alt-text question is asked once: "Update Post" does not ask again about the same images', async ({
  adminPage: page,
}) => {
  const post = await createPost(page.request, {
    title: unique('E2E Alt Once'),
    content: 'Pic: ![](/uploads/none.png)',
    status: 'draft',
  })
  await page.goto(`/admin/posts/${post.id}/edit`)
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  const warning = page.getByRole('alertdialog', { name: 'Images without alt text' })
  await warning.getByRole('button', { name: 'Publish anyway' }).click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()

  await content(page).fill('Pic: ![](/uploads/none.png)\n\nMore words.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expect(page.getByText('Post updated successfully!')).toBeVisible()
  await expect(warning).toHaveCount(0)

  // Opened again later: the published post went out with that image, so it is still not asked about.
  await page.reload()
  await content(page).fill('Pic: ![](/uploads/none.png)\n\nEven more words.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expect(page.getByText('Post updated successfully!')).toBeVisible()
  await expect(warning).toHaveCount(0)
})

test('an uploaded image goes in with the alt text the writer gives when asked', async ({ adminPage: page }) => {
  await page.goto('/admin/posts/new')
  await content(page).fill('Intro')
  await page.getByTestId('editor-image-input').setInputFiles(await uniquePng('asked.png'))
  const ask = page.getByRole('dialog', { name: 'Describe this image' })
  await expect(ask).toContainText('asked.png')
  await ask.getByLabel('Alt text').fill('A red [square]')
  await ask.getByRole('button', { name: 'Add alt text' }).click()
  await expect(content(page)).toHaveValue(/^Intro\n\n!\[A red \\\[square\\\]\]\(\/uploads\/[a-f0-9]{64}\.png\)$/)
})
