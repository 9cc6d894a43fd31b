import type { Page } from '@playwright/test'
import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'
import { SVG_AS_PNG, uniquePng } from './support/admin-files.ts'

const IMAGE = /!\[[^\]]*\]\(\/uploads\/[a-f0-9]{64}\.png\)/g
/** An upload the library has no words for asks for alt text; these tests leave it empty. */
const skipAltPrompt = (page: Page) =>
  page.getByRole('dialog', { name: 'Describe this image' }).getByRole('button', { name: 'Skip' }).click()

/** Sends files to the editor the way a browser does for a paste or a drop (the events carry a DataTransfer). */
async function sendFiles(page: Page, kind: 'paste' | 'drop', files: Array<{ name: string; buffer: Buffer }>) {
  await page.getByLabel('Content', { exact: true }).evaluate(
    (textarea, { kind, files }) => {
      const data = new DataTransfer()
      for (const f of files)
        data.items.add(
          new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: 'image/png' }),
        )
      if (kind === 'paste')
        textarea.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      else {
        textarea.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }))
        textarea.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
      }
    },
    { kind, files: files.map((f) => ({ name: f.name, base64: f.buffer.toString('base64') })) },
  )
}

test('editor: several uploads at once, each with progress; the text gets an image only once the server accepted it', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/posts/new')
  const content = page.getByLabel('Content', { exact: true })
  await content.fill('Intro')

  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/upload-image', async (route) => {
    await held
    await route.continue()
  })
  await page.getByTestId('editor-image-input').setInputFiles([await uniquePng('one.png'), await uniquePng('two.png')])
  await expect(page.getByRole('progressbar')).toHaveCount(2)
  await expect(page.getByRole('progressbar', { name: 'Uploading one.png' })).toBeVisible()
  await expect(content).toHaveValue('Intro')
  release()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await skipAltPrompt(page)
  await skipAltPrompt(page)
  await expect.poll(async () => (await content.inputValue()).match(IMAGE)?.length).toBe(2)
  expect(await content.inputValue()).toMatch(
    /^Intro\n\n!\[\]\(\/uploads\/[a-f0-9]{64}\.png\)\n\n!\[\]\(\/uploads\/[a-f0-9]{64}\.png\)$/,
  )
  await page.unroute('**/api/upload-image')

  // A refused file: the server's reason as a toast, the text unchanged (no "Upload failed" marker).
  const before = await content.inputValue()
  await page.getByTestId('editor-image-input').setInputFiles(SVG_AS_PNG)
  await expect(page.getByRole('alert').filter({ hasText: 'Upload failed' })).toContainText(
    'evil.png: Only JPEG, PNG, GIF and WebP images are accepted',
  )
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await expect(content).toHaveValue(before)
})

test('editor: an image pasted or dropped into the text is uploaded and lands at the cursor', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/posts/new')
  const content = page.getByLabel('Content', { exact: true })
  await content.fill('First paragraph.\n\nLast paragraph.')
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(16, 16))
  await sendFiles(page, 'paste', [await uniquePng('pasted.png')])
  await expect(content).toHaveValue(/^First paragraph\.\n\n!\[\]\(\/uploads\/[a-f0-9]{64}\.png\)\n\nLast paragraph\.$/)
  await skipAltPrompt(page)

  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length))
  await sendFiles(page, 'drop', [await uniquePng('dropped-1.png'), await uniquePng('dropped-2.png')])
  await expect.poll(async () => (await content.inputValue()).match(IMAGE)?.length).toBe(3)
  await skipAltPrompt(page)
  await skipAltPrompt(page)
  expect(await content.inputValue()).toMatch(
    /Last paragraph\.\n\n!\[\]\(\/uploads\/[a-f0-9]{64}\.png\)\n\n!\[\]\(\/uploads\/[a-f0-9]{64}\.png\)$/,
  )
})

test('publishing an image without alt text warns first: add it, or publish anyway', async ({
  adminPage: page,
  request,
}) => {
  const title = unique('E2E Alt Warning')
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  const content = page.getByLabel('Content', { exact: true })
  await page.getByTestId('editor-image-input').setInputFiles(await uniquePng('no-alt.png'))
  await expect(content).toHaveValue(IMAGE)
  await skipAltPrompt(page)
  const url = /\((\/uploads\/[^)]+)\)/.exec(await content.inputValue())![1]!

  await page.getByRole('button', { name: 'Publish' }).click()
  const warning = page.getByRole('alertdialog', { name: 'Images without alt text' })
  await expect(warning).toContainText('One image in this post has no alt text.')
  await warning.getByRole('button', { name: 'Add alt text' }).click()
  await expect(warning).toBeHidden()
  await expect(content).toBeFocused()
  await expect(page.getByTestId('post-state')).toHaveText('Draft')

  await page.getByRole('button', { name: 'Publish' }).click()
  await page
    .getByRole('alertdialog', { name: 'Images without alt text' })
    .getByRole('button', { name: 'Publish anyway' })
    .click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  expect((await request.get(`/blog/${slug}`)).status()).toBe(200)

  // With alt text there is nothing to ask.
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(unique('E2E Alt Given'))
  await page.getByLabel('Content', { exact: true }).fill(`![A described picture](${url})`)
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()
})

test('media library: upload, alt text, unused filter, copy markdown, insert into a post, and delete in use asks first', async ({
  adminPage: page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const name = `${unique('library').replace(/\s/g, '-')}.png`
  await page.goto('/admin/media')
  await expect(page).toHaveTitle('Media')
  await page.getByTestId('media-upload-input').setInputFiles(await uniquePng(name, 120, 80))
  await expect(page.getByText('Image uploaded')).toBeVisible()
  const card = page.getByRole('listitem').filter({ hasText: name })
  await expect(card).toContainText('120 × 80')
  await expect(card).toContainText('Not used in any post or page')

  await card.getByLabel('Alt text').fill('A test swatch')
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Alt text saved')).toBeVisible()

  await page.getByRole('button', { name: 'Unused', exact: true }).click()
  await expect(page).toHaveURL(/filter=unused/)
  await expect(card).toBeVisible()

  await card.getByRole('button', { name: 'Copy markdown' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Markdown copied' })).toContainText(
    /!\[A test swatch\]\(\/uploads\/[a-f0-9]{64}\.png\)/,
  )
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^!\[A test swatch\]\(\/uploads\/[a-f0-9]{64}\.png\)$/,
  )

  // Published, so that it takes no place among the dashboard's recent drafts that other tests look for.
  const post = await createPost(page.request, {
    title: unique('E2E Library Target'),
    content: 'Words first.',
    status: 'published',
  })
  await card.getByRole('button', { name: 'Insert into post' }).click()
  const dialog = page.getByRole('dialog', { name: 'Insert into post' })
  await dialog.getByLabel('Post').selectOption({ label: post.title })
  await dialog.getByRole('button', { name: 'Open in editor' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}/edit$`))
  await expect(page.getByText('Image added at the end of the post')).toBeVisible()
  await expect(page.getByLabel('Content', { exact: true })).toHaveValue(
    /^Words first\.\n\n!\[A test swatch\]\(\/uploads\/[a-f0-9]{64}\.png\)$/,
  )
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expect(page.getByText('Post updated successfully!')).toBeVisible()

  await page.goto('/admin/media')
  await expect(card.getByRole('link', { name: post.title })).toHaveAttribute('href', `/admin/posts/${post.id}/edit`)
  await expect(card.getByText('draft', { exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Unused', exact: true }).click()
  await expect(card).toHaveCount(0)
  await page.getByRole('button', { name: 'All images', exact: true }).click()

  await card.getByRole('button', { name: `Delete ${name}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete an image in use?' })
  await expect(confirm).toContainText('Published pages show this image: they will show nothing in its place.')
  await expect(confirm.getByRole('listitem')).toHaveText(post.title)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(card).toHaveCount(1)
  await card.getByRole('button', { name: `Delete ${name}` }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete an image in use?' })
    .getByRole('button', { name: 'Delete anyway' })
    .click()
  await expect(page.getByText('Image deleted')).toBeVisible()
  await expect(card).toHaveCount(0)
})

test('the featured image can be picked from the library', async ({ adminPage: page }) => {
  await page.goto('/admin/posts/new')
  await page.getByRole('button', { name: 'Choose from library' }).click()
  const picker = page.getByRole('dialog', { name: 'Choose the featured image' })
  await expect(picker.getByRole('button').first()).toBeVisible()
  const first = picker.getByRole('listitem').first().getByRole('button')
  await first.click()
  await expect(picker).toBeHidden()
  await expect(page.getByLabel('Featured Image URL')).toHaveValue(/^\/uploads\/[a-f0-9]{64}\.(png|jpg|gif|webp)$/)
  await expect(page.getByRole('img', { name: 'Featured image preview' })).toBeVisible()
})
