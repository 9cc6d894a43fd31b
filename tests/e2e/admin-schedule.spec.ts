import { expect, test, unique } from './support/admin-fixtures.ts'

// The author works in Berlin: the picker shows Berlin time and the server stores UTC.
test.use({ timezoneId: 'Europe/Berlin' })

test('schedule a post in the editor: stored in UTC, hidden until then, "Scheduled for …" in the list', async ({
  adminPage: page,
  request,
}) => {
  const title = unique('E2E Scheduled Post')

  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Content', { exact: true }).fill('Out when the time comes.')
  const picker = page.getByLabel('Publish on')
  await expect(picker).toHaveAttribute('type', 'datetime-local')
  await expect(page.getByText(/^Your time zone: Europe\/Berlin \(GMT\+\d\)$/)).toBeVisible()

  // Scheduling needs a time.
  await page.getByRole('button', { name: 'Schedule' }).click()
  await expect(page.getByText('Choose a date and time to schedule the post')).toBeVisible()
  await expect(picker).toHaveAttribute('aria-invalid', 'true')

  await picker.fill('2031-01-15T10:30')
  await page.getByRole('button', { name: 'Schedule' }).click()
  // The toast says what happened, and the editor stays open on the scheduled post.
  await expect(page.getByText('Post scheduled')).toBeVisible()
  await expect(page.getByText('It will be published on Jan 15, 2031, 10:30 AM GMT+1.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/posts\/[^/]+\/edit$/)
  await expect(page.getByTestId('post-state')).toHaveText('Scheduled for Jan 15, 2031, 10:30 AM GMT+1')
  await page.goto('/admin/posts')

  const row = page.getByTestId('admin-post-row').filter({ hasText: title })
  await expect(row.getByText('scheduled', { exact: true })).toBeVisible()
  await expect(row.getByText('Scheduled for Jan 15, 2031, 10:30 AM GMT+1')).toBeVisible()

  const posts = (await (await page.request.get('/api/posts?status=scheduled&limit=100')).json()) as Array<{
    title: string
    slug: string
    publishedAt: string
  }>
  const stored = posts.find((p) => p.title === title)!
  expect(stored.publishedAt).toBe('2031-01-15T09:30:00.000Z')
  // Before its time it is a draft to everyone but the admin.
  expect((await request.get(`/blog/${stored.slug}`)).status()).toBe(404)
  expect(await (await request.get('/rss.xml')).text()).not.toContain(stored.slug)

  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('scheduled')
  await expect(row).toBeVisible()

  // Reopened, the editor shows the schedule in the author's time; "Publish" sends it out now.
  await row.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page.getByTestId('scheduled-for')).toHaveText('Scheduled for Jan 15, 2031, 10:30 AM GMT+1')
  await expect(page.getByLabel('Publish on')).toHaveValue('2031-01-15T10:30')
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()
  await expect(page.getByTestId('post-state')).toHaveText('Published')
  await page.goto('/admin/posts')
  await expect(
    page.getByTestId('admin-post-row').filter({ hasText: title }).getByText('published', { exact: true }),
  ).toBeVisible()
  expect((await request.get(`/blog/${stored.slug}`)).status()).toBe(200)
})

test('a time already past publishes at once, as the editor warns', async ({ adminPage: page, request }) => {
  const title = unique('E2E Past Schedule')
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Publish on').fill('2020-06-01T08:00')
  await expect(page.getByText('This time has passed: scheduling publishes the post now.')).toBeVisible()
  await page.getByRole('button', { name: 'Schedule' }).click()
  await expect(page.getByText('Post published successfully!')).toBeVisible()
  await page.goto('/admin/posts')
  const row = page.getByTestId('admin-post-row').filter({ hasText: title })
  await expect(row.getByText('published', { exact: true })).toBeVisible()
  const slug = (await row.getByRole('link', { name: `View ${title}` }).getAttribute('href'))!
  expect((await request.get(slug)).status()).toBe(200)
})
