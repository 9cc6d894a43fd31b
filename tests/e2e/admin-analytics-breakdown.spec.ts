import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'

test('analytics: change the range, filter by a source, export it, and open a post’s breakdown from the posts list', async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const post = await createPost(page.request, {
    title: unique('E2E Sourced'),
    content: 'Linked from elsewhere.',
    status: 'published',
  })
  // A host no other test sends: its source row is this test's own (an unknown host is its own source).
  const host = `e2e-${Date.now().toString(36)}.example`
  for (let i = 0; i < 3; i++) {
    const reader = await playwright.request.newContext({ baseURL, userAgent: `Mozilla/5.0 E2E sourced reader ${i}` })
    const res = await reader.post(`/api/posts/${post.id}/view`, {
      data: { referrer: `https://${host}/links?i=${i}`, landing: '?utm_campaign=e2e-spring' },
    })
    expect(res.status()).toBe(204)
    await reader.dispose()
  }

  // Counts are written every 2 s: wait until they have landed, then open the screen.
  await expect.poll(async () => (await page.request.get('/api/analytics')).text(), { timeout: 30_000 }).toContain(host)
  await page.goto('/admin/analytics')
  const sources = page.getByRole('table', { name: 'Sources', exact: true })
  await expect(sources.getByRole('button', { name: host })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Right now' })).toContainText('in the last 5 minutes')

  const chart = page.getByRole('table', { name: 'Visitors and views per day' })
  await expect(chart.getByRole('row')).toHaveCount(31)
  await page.getByRole('button', { name: 'Last 7 days' }).click()
  await expect(page).toHaveURL(/[?&]days=7\b/)
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true')
  await expect(chart.getByRole('row')).toHaveCount(8)

  await sources.getByRole('button', { name: host }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]source=${host.replace(/\./g, '\\.')}`))
  const filters = page.getByRole('list', { name: 'Active filters' })
  await expect(filters).toContainText(`Source: ${host}`)
  // Filtered by the source, the chart and the top posts count only its three readers.
  await expect(chart.getByRole('row').last().getByRole('cell').last()).toHaveText('3')
  const topPosts = page.getByRole('table', { name: 'Top posts' })
  await expect(topPosts.getByRole('row')).toHaveCount(2)
  await expect(topPosts.getByRole('row').last()).toContainText(post.title)

  const csv = page.getByRole('link', { name: 'Export Sources as CSV' })
  const href = await csv.getAttribute('href')
  expect(href).toContain('table=source')
  expect(href).toContain('days=7')
  const exported = await page.request.get(href!)
  expect(exported.status()).toBe(200)
  expect(await exported.text()).toContain(host)

  await filters.getByRole('button', { name: `Remove filter Source: ${host}` }).click()
  await expect(filters).toHaveCount(0)
  await expect(page).not.toHaveURL(/[?&]source=/)

  // A reversed custom range: the server's 400 message is shown on the fields.
  await page.getByLabel('From', { exact: true }).fill('2026-02-10')
  await page.getByLabel('To', { exact: true }).fill('2026-02-01')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('form', { name: 'Custom range' }).getByRole('alert')).toHaveText(
    'The range starts after it ends',
  )
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true')

  await page.goto(`/admin/posts?search=${encodeURIComponent(post.title)}`)
  await page.getByRole('link', { name: `Analytics for ${post.title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/analytics\\?post=${post.id}$`))
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`Post: ${post.title}`)
  await expect(page.getByRole('table', { name: 'Campaigns' })).toContainText('e2e-spring')
})
