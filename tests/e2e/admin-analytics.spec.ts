import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'

test('analytics ranks posts by views and charts today’s views', async ({ adminPage: page, playwright, baseURL }) => {
  const popular = await createPost(page.request, {
    title: unique('E2E Popular'),
    content: 'Read me often.',
    status: 'published',
  })
  const quiet = await createPost(page.request, {
    title: unique('E2E Quiet'),
    content: 'Read me once.',
    status: 'published',
  })

  // Each reader is a fresh visitor (a new cookie jar and its own browser: readers without a cookie are told apart by
  // address and user agent); admins' own views are never counted. Below the six demo posts, five and seven views keep
  // both posts in the top 10, above the posts other specs view up to three times.
  const visits = [...Array<typeof popular>(7).fill(popular), ...Array<typeof quiet>(5).fill(quiet)]
  for (const [i, post] of visits.entries()) {
    const reader = await playwright.request.newContext({ baseURL, userAgent: `Mozilla/5.0 E2E reader ${i}` })
    const res = await reader.post(`/api/posts/${post.id}/view`)
    expect(res.status()).toBe(204)
    await reader.dispose()
  }

  await page.goto('/admin/analytics')
  await expect(page).toHaveTitle('Analytics')
  const rows = page.getByTestId('top-post')
  await expect(async () => {
    await page.reload()
    await expect(rows.first()).toBeVisible()
    const titles = await rows.allTextContents()
    const popularAt = titles.findIndex((t) => t.includes(popular.title))
    const quietAt = titles.findIndex((t) => t.includes(quiet.title))
    expect(popularAt).toBeGreaterThanOrEqual(0)
    expect(quietAt).toBeGreaterThan(popularAt)
    // Views are written in batches every 2 s: reload until both batches have landed.
    await expect(rows.filter({ hasText: popular.title }).locator('span').last()).toHaveText('7', { timeout: 1000 })
    await expect(rows.filter({ hasText: quiet.title }).locator('span').last()).toHaveText('5', { timeout: 1000 })
  }).toPass({ timeout: 20_000 })

  expect(await rows.count()).toBeLessThanOrEqual(10)
  for (const tile of ['Total Content', 'Total Views', 'Categories', 'Drafts']) {
    await expect(page.getByRole('region', { name: 'Content Overview' }).getByText(tile)).toBeVisible()
  }

  // The chart's daily rows are written by the analytics flush, apart from the posts' counters: reload until it lands.
  const chart = page.getByRole('table', { name: 'Visitors and views per day' })
  await expect(async () => {
    await page.reload()
    await expect(chart.getByRole('row')).toHaveCount(31)
    const todayViews = Number(await chart.getByRole('row').last().getByRole('cell').last().textContent())
    expect(todayViews).toBeGreaterThanOrEqual(visits.length)
  }).toPass({ timeout: 20_000 })
})

test('analytics flags a post whose views in the last hour are more than 20 times its daily average', async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  const post = await createPost(page.request, {
    title: unique('E2E Spike'),
    content: 'Suddenly popular.',
    status: 'published',
  })
  // A new post has no history (taken as 1 view a day): 21 readers in its first hour are a spike.
  for (let i = 0; i < 21; i++) {
    const reader = await playwright.request.newContext({ baseURL, userAgent: `Mozilla/5.0 E2E spike reader ${i}` })
    expect((await reader.post(`/api/posts/${post.id}/view`)).status()).toBe(204)
    await reader.dispose()
  }

  await page.goto('/admin/analytics')
  const flag = page.getByRole('region', { name: 'Unusual traffic' })
  await expect(async () => {
    await page.reload()
    await expect(flag.getByRole('listitem').filter({ hasText: post.title })).toContainText(
      '21 views in the last hour',
      { timeout: 1000 },
    )
  }).toPass({ timeout: 20_000 })
})
