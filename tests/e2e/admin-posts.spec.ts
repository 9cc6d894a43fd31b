import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'
import { pngFile } from './support/admin-files.ts'

function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

test('draft → publish from the list → public → edit back to draft → delete', async ({ adminPage: page, request }) => {
  const title = unique('E2E Draft Post')
  const slug = slugOf(title)

  await page.goto('/admin/posts/new')
  await expect(page).toHaveTitle('Create New Post')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await expect(page.getByLabel('URL Slug')).toHaveValue(slug)
  await page.getByLabel('Content', { exact: true }).fill('Hello from the **admin** journey.\n\nSecond paragraph.')
  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expect(page.getByText(/Post (created|updated) successfully!/)).toBeVisible()
  // Saving keeps the writer in the editor, now on the post's own address.
  await expect(page).toHaveURL(/\/admin\/posts\/[^/]+\/edit$/)
  await expect(page.getByTestId('post-state')).toHaveText('Draft')
  await page.goto('/admin/posts')
  await expect(page).toHaveTitle('Manage Posts')

  await page.getByRole('searchbox', { name: 'Search posts' }).fill(title.toUpperCase())
  const row = page.getByTestId('admin-post-row').filter({ hasText: title })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('draft', { exact: true })).toBeVisible()
  await expect(row.getByText('Not published')).toBeVisible()
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404)

  await row.getByRole('button', { name: `Publish ${title}` }).click()
  await page
    .getByRole('alertdialog', { name: `Publish “${title}”?` })
    .getByRole('button', { name: 'Publish' })
    .click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()
  await expect(page.getByText('Your post is now live.')).toBeVisible()
  await expect(row.getByText('published', { exact: true })).toBeVisible()
  await expect(row.getByRole('link', { name: `View ${title}` })).toHaveAttribute('href', `/blog/${slug}`)

  const publicPage = await request.get(`/blog/${slug}`)
  expect(publicPage.status()).toBe(200)
  expect(await publicPage.text()).toContain(title)

  // Edit: a published post shows 'Update Post'; only 'Unpublish' takes it off the public site.
  await row.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page).toHaveTitle('Edit Post')
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update Post' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save as Draft' })).toHaveCount(0)
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
  const edited = `${title} edited`
  await page.getByLabel('Title', { exact: true }).fill(edited)
  await expect(page.getByLabel('URL Slug')).toHaveValue(slug)
  await page.getByRole('button', { name: 'Unpublish' }).click()
  await page
    .getByRole('alertdialog', { name: 'Unpublish this post?' })
    .getByRole('button', { name: 'Unpublish' })
    .click()
  await expect(page.getByText('Post unpublished')).toBeVisible()
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404)
  await page.goto('/admin/posts')

  await page.getByRole('searchbox', { name: 'Search posts' }).fill(edited)
  const editedRow = page.getByTestId('admin-post-row').filter({ hasText: edited })
  await expect(editedRow.getByText('draft', { exact: true })).toBeVisible()

  await editedRow.getByRole('button', { name: `Delete ${edited}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Post' })
  await expect(
    dialog.getByText('Are you sure you want to delete this post? This action cannot be undone.'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(editedRow).toHaveCount(1)
  await editedRow.getByRole('button', { name: `Delete ${edited}` }).click()
  await page.getByRole('alertdialog', { name: 'Delete Post' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Post deleted successfully!')).toBeVisible()
  await expect(editedRow).toHaveCount(0)
  await expect(page.getByText('No posts found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search criteria or filters.')).toBeVisible()
})

test('toolbar, image upload into the content, preview, and the image on the public post', async ({
  adminPage: page,
  request,
}) => {
  const title = unique('E2E Image Post')
  const slug = slugOf(title)
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  const content = page.getByLabel('Content', { exact: true })
  await content.fill('make me bold')
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(8, 12))
  await page.getByRole('button', { name: 'Bold' }).click()
  await expect(content).toHaveValue('make me **bold**')
  await content.press('End')
  await content.press('Enter')

  await page.getByTestId('editor-image-input').setInputFiles(pngFile('e2e-diagram.png'))
  // The upload asks for its alt text rather than leaving ![]().
  const ask = page.getByRole('dialog', { name: 'Describe this image' })
  await ask.getByLabel('Alt text').fill('A diagram')
  await ask.getByRole('button', { name: 'Add alt text' }).click()
  await expect(content).toHaveValue(/make me \*\*bold\*\*\n\n!\[A diagram\]\(\/uploads\/[a-f0-9]{64}\.png\)/)
  const value = await content.inputValue()
  const url = /\((\/uploads\/[^)]+)\)/.exec(value)![1]!
  const hash = url.slice('/uploads/'.length, -'.png'.length)
  await content.fill(value.replace(/!\[[^\]]*\]/, '![A diagram]'))

  await page.getByRole('button', { name: 'Preview' }).click()
  const img = page.getByTestId('markdown-preview').locator('img')
  await expect(img).toHaveAttribute('srcset', new RegExp(`/uploads/${hash}-480\\.png 480w`))
  await expect(img).toHaveAttribute('alt', 'A diagram')
  await expect(img).toHaveCSS('max-height', '400px')
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
  await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('bold')
  await page.getByRole('button', { name: 'Edit', exact: true }).click()

  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()

  const html = await (await request.get(`/blog/${slug}`)).text()
  expect(html).toContain(title)
  expect(html).toContain(`/uploads/${hash}-480.avif`)
  expect((await request.get(url)).status()).toBe(200)
})

test('a taken slug is refused with the server message next to the field', async ({ adminPage: page }) => {
  const existing = await createPost(page.request, {
    title: unique('E2E Slug Owner'),
    content: 'First.',
    status: 'draft',
  })
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(unique('E2E Slug Thief'))
  await page.getByLabel('URL Slug').fill(existing.slug)
  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Error creating post' })).toBeVisible()
  await expect(page.getByLabel('URL Slug')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#post-slug-error')).toHaveText('A post with this slug already exists')
  await expect(page).toHaveURL(/\/admin\/posts\/new$/)
  await page.getByLabel('Title', { exact: true }).fill('')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Title is required', { exact: true })).toBeVisible()
})

test('the dashboard deletes a recent post after the same confirmation', async ({ adminPage: page }) => {
  // Newest drafts head the recent list.
  const post = await createPost(page.request, {
    title: unique('E2E Dashboard Delete'),
    content: 'Short-lived.',
    status: 'draft',
  })
  await page.goto('/admin/dashboard')
  const recent = page.getByRole('listitem').filter({ hasText: post.title })
  await expect(recent.getByText('draft', { exact: true })).toBeVisible()
  await expect(recent.getByText('Draft', { exact: true })).toBeVisible()
  await expect(recent.getByText('1 min read')).toBeVisible()
  await recent.getByRole('button', { name: `Delete ${post.title}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Post' })
  await expect(
    dialog.getByText('Are you sure you want to delete this post? This action cannot be undone.'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Post deleted successfully!')).toBeVisible()
  await expect(recent).toHaveCount(0)
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404)
})

test('the posts list searches drafts and scheduled posts by full text, words in any order', async ({
  adminPage: page,
  request,
}) => {
  const token = `zq${Date.now().toString(36)}`
  const draft = await createPost(page.request, {
    title: `My Long Test Post About Writing ${token}`,
    content: 'Drafted slowly.',
    status: 'draft',
  })
  const scheduled = await createPost(page.request, {
    title: `Planned ${token}`,
    content: 'A writing test that goes out next week.',
    status: 'scheduled',
    publishedAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
  })
  await page.goto('/admin/posts')
  const rows = page.getByTestId('admin-post-row')
  // The old title filter needed the words in the title's order: "writing test" found nothing.
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(`writing test ${token}`)
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: draft.title })).toHaveCount(1)
  await expect(rows.filter({ hasText: scheduled.title })).toHaveCount(1)
  await expect(page).toHaveURL(new RegExp(`search=writing\\+test\\+${token}`))

  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('scheduled')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(scheduled.title)

  // The public search never finds either.
  expect(await (await request.get(`/api/posts?search=${token}`)).json()).toEqual([])
})
