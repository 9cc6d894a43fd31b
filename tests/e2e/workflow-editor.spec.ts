import type { Page } from '@playwright/test'
import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'

const content = (page: Page) => page.getByLabel('Content', { exact: true })
const sameOrigin = { 'Sec-Fetch-Site': 'same-origin' }

test('autosaves to the server, offers the text back after a reload, and readers see nothing until "Update Post"', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const post = await createPost(page.request, {
    title: unique('E2E Autosave'),
    content: 'Published words.',
    status: 'published',
  })
  await page.goto(`/admin/posts/${post.id}/edit`)
  await content(page).fill('Published words, and a new paragraph in progress.')
  // Typing is not saving: "Saving…" shows only while the request is in flight.
  await expect(page.getByTestId('autosave-status')).toHaveText('Unsaved changes')
  await expect(page.getByTestId('autosave-status')).toHaveText('Changes saved, not yet live')

  const reader = await (await browser.newContext({ baseURL })).newPage()
  await reader.goto(`/blog/${post.slug}`)
  await expect(reader.locator('.prose-blog')).toHaveText('Published words.')

  // Another browser (no local backup) still gets the autosaved text back from the server.
  const elsewhere = await (
    await browser.newContext({ baseURL, storageState: await page.context().storageState() })
  ).newPage()
  await elsewhere.evaluate(() => window.localStorage.clear()).catch(() => undefined)
  await elsewhere.goto(`/admin/posts/${post.id}/edit`)
  await expect(elsewhere.getByText(/Unsaved changes from .* were (autosaved|found in this browser)/)).toBeVisible()
  await elsewhere.getByRole('button', { name: 'Restore' }).click()
  await expect(elsewhere.getByLabel('Content', { exact: true })).toHaveValue(
    'Published words, and a new paragraph in progress.',
  )
  await elsewhere.getByRole('button', { name: 'Update Post' }).click()
  await expect(elsewhere.getByText('Post updated successfully!')).toBeVisible()

  await reader.reload()
  await expect(reader.locator('.prose-blog')).toHaveText('Published words, and a new paragraph in progress.')
})

test('shows "Offline — kept locally" when the server cannot be reached, and saves when back online', async ({
  adminPage: page,
}) => {
  const post = await createPost(page.request, { title: unique('E2E Offline'), content: 'Start.', status: 'draft' })
  await page.goto(`/admin/posts/${post.id}/edit`)
  await expect(content(page)).toHaveValue('Start.')
  await page.context().setOffline(true)
  await content(page).fill('Typed on a train.')
  await expect(page.getByTestId('autosave-status')).toHaveText('Offline — kept locally')
  expect(await page.evaluate((id) => window.localStorage.getItem(`blog_post_backup_${id}`), post.id)).toContain(
    'Typed on a train.',
  )
  await page.context().setOffline(false)
  await expect(page.getByTestId('autosave-status')).toHaveText('Saved')
  const saved = await page.request.get(`/api/autosaves/${post.id}`)
  expect(((await saved.json()) as { form: { content: string } }).form.content).toBe('Typed on a train.')
})

test('lists revisions with a diff against the current text, and restores one as the working copy', async ({
  adminPage: page,
}) => {
  const post = await createPost(page.request, {
    title: unique('E2E Revisions'),
    content: 'first line\nsecond line',
    status: 'draft',
  })
  const res = await page.request.put(`/api/posts/${post.id}`, {
    data: { content: 'first line\nsecond line, edited\nthird line' },
    headers: sameOrigin,
  })
  expect(res.ok()).toBe(true)
  await page.goto(`/admin/posts/${post.id}/edit`)
  const list = page.getByRole('list', { name: 'Revisions' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await list.getByRole('button').last().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('revision-diff').locator('[data-kind="removed"]')).toHaveText([
    '−Removed: second line',
  ])
  await expect(dialog.getByTestId('revision-diff').locator('[data-kind="added"]')).toHaveText([
    '+Added: second line, edited',
    '+Added: third line',
  ])
  await dialog.getByRole('button', { name: 'Restore' }).click()
  await expect(content(page)).toHaveValue('first line\nsecond line')
  await expect(page.getByText('Revision restored')).toBeVisible()
  // The saved post is unchanged until the next save.
  expect(((await (await page.request.get(`/api/posts/${post.id}`)).json()) as { content: string }).content).toBe(
    'first line\nsecond line, edited\nthird line',
  )
})

test('Ctrl/Cmd+B, I and K format the selection; word count and reading time follow the typing', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/posts/new')
  const area = content(page)
  await area.fill('hello world')
  await expect(page.getByTestId('word-count')).toHaveText('2 words · 1 min read')
  await area.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 5))
  await page.keyboard.press('Control+b')
  await expect(area).toHaveValue('**hello** world')
  await area.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(10, 15))
  await page.keyboard.press('Meta+i')
  await expect(area).toHaveValue('**hello** *world*')
  await area.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(2, 7))
  await page.keyboard.press('Control+k')
  await expect(area).toHaveValue('**[hello](https://)** *world*')
  await area.fill('word '.repeat(201))
  await expect(page.getByTestId('word-count')).toHaveText('201 words · 2 min read')
})

test('side by side: edit and live preview together on a wide screen', async ({ adminPage: page }) => {
  await page.goto('/admin/posts/new')
  await content(page).fill('## Live heading\n\nSome *text*.')
  await page.getByRole('button', { name: 'Side by side' }).click()
  const preview = page.getByRole('region', { name: 'Live preview' })
  await expect(preview.getByRole('heading', { name: /Live heading/ })).toBeVisible()
  await content(page).fill('## Changed heading')
  await expect(preview.getByRole('heading', { name: /Changed heading/ })).toBeVisible()
  const [editBox, previewBox] = [await content(page).boundingBox(), await preview.boundingBox()]
  expect(previewBox!.x).toBeGreaterThan(editBox!.x + editBox!.width - 1)

  await page.setViewportSize({ width: 390, height: 800 })
  await expect(page.getByRole('button', { name: 'Side by side' })).toBeHidden()
  await expect(preview).toBeHidden()
})

test('the pre-publish checklist warns and never blocks', async ({ adminPage: page }) => {
  const target = await createPost(page.request, {
    title: unique('E2E Link Target'),
    content: 'Here.',
    status: 'published',
  })
  await page.goto('/admin/posts/new')
  const checks = page.getByTestId('pre-publish-checks')
  await page.getByLabel('Title', { exact: true }).fill(unique('E2E Checklist'))
  await content(page).fill(
    `![](/uploads/none.png)\n\n[good](/blog/${target.slug}) and [bad](/blog/no-such-post-anywhere)`,
  )
  await expect(checks).toContainText('Meta description is missing')
  await expect(checks).toContainText('No excerpt')
  await expect(checks).toContainText('1 image has no alt text')
  await expect(checks).toContainText('Links to posts that do not exist: /blog/no-such-post-anywhere')
  await expect(checks).not.toContainText(target.slug)
  await page.getByLabel('Meta Description').fill('x'.repeat(161))
  await expect(checks).toContainText('Meta description is 161 characters (over 160)')

  await page.getByRole('button', { name: 'Publish' }).click()
  // The missing alt text is asked about once more, and "Publish anyway" goes ahead.
  await page
    .getByRole('alertdialog', { name: 'Images without alt text' })
    .getByRole('button', { name: 'Publish anyway' })
    .click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()
})

test('a draft preview shows a banner without likes, comments or views; a shared link works until revoked', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const post = await createPost(page.request, {
    title: unique('E2E Preview'),
    content: 'Secret **plans**.',
    status: 'draft',
  })
  await page.goto(`/blog/${post.slug}`)
  await expect(page.getByText('Draft — not public')).toBeVisible()
  await expect(page.getByRole('button', { name: /like/i })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: /Comments/ })).toHaveCount(0)

  await page.goto(`/admin/posts/${post.id}/edit`)
  await page.getByRole('button', { name: 'Share preview' }).click()
  const url = await page.getByLabel('Secret preview link').inputValue()
  expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{32}$/)

  const stranger = await (await browser.newContext({ baseURL })).newPage()
  const views: string[] = []
  stranger.on('request', (r) => r.url().endsWith('/view') && views.push(r.url()))
  const response = await stranger.goto(url)
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  expect(response?.headers()['x-robots-tag']).toMatch(/noindex/)
  // Never in the shared response cache, however often it is asked for.
  expect((await stranger.request.get(url)).headers()['x-cache']).toBeUndefined()
  await expect(stranger.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
  await expect(stranger.getByText('Draft — not public')).toBeVisible()
  await expect(stranger.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(stranger.getByRole('button', { name: /like/i })).toHaveCount(0)
  expect(views).toEqual([])
  await expect(stranger.getByRole('button', { name: 'Logout' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Revoke link' }).click()
  await expect(page.getByRole('button', { name: 'Share preview' })).toBeVisible()
  const gone = await stranger.goto(url)
  expect(gone?.status()).toBe(404)
})
