import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0'

test('analytics: clicking a row filters every other table, filters combine, survive a reload and come off by their chip', async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const post = await createPost(page.request, {
    title: unique('E2E Crossfiltered'),
    content: 'Read on phones and desktops.',
    status: 'published',
  })
  // Hosts and a campaign no other test sends: unknown hosts are their own source.
  const id = Date.now().toString(36)
  const phoneHost = `phones-${id}.example`
  const desktopHost = `desks-${id}.example`
  const campaign = `e2e-cross-${id}`
  const readers = [
    { host: phoneHost, userAgent: `${IPHONE} r1`, landing: `?utm_campaign=${campaign}` },
    { host: phoneHost, userAgent: `${IPHONE} r2`, landing: `?utm_campaign=${campaign}` },
    { host: desktopHost, userAgent: `${FIREFOX} r3`, landing: '' },
  ]
  for (const { host, userAgent, landing } of readers) {
    const reader = await playwright.request.newContext({ baseURL, userAgent })
    const res = await reader.post(`/api/posts/${post.id}/view`, { data: { referrer: `https://${host}/`, landing } })
    expect(res.status()).toBe(204)
    await reader.dispose()
  }

  // Counts are written every 2 s: wait until they have landed, then open the screen.
  await expect
    .poll(async () => (await page.request.get('/api/analytics?days=7')).text(), { timeout: 30_000 })
    .toMatch(new RegExp(`${phoneHost}[\\s\\S]*${desktopHost}|${desktopHost}[\\s\\S]*${phoneHost}`))
  await page.goto('/admin/analytics?days=7')
  const table = (name: string) => page.getByRole('table', { name, exact: true })
  const sources = table('Sources')
  await expect(sources.getByRole('button', { name: desktopHost })).toBeVisible()
  await expect(sources.getByRole('button', { name: phoneHost })).toBeVisible()

  // Keyboard: the row is a button, Enter applies it.
  await sources.getByRole('button', { name: phoneHost }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`[?&]source=${phoneHost.replace(/\./g, '\\.')}`))
  const filters = page.getByRole('list', { name: 'Active filters' })
  await expect(filters).toContainText(`Source: ${phoneHost}`)
  // Every other table now counts only the two phone readers from that host.
  const rowsOf = (name: string) => table(name).getByRole('row')
  await expect(rowsOf('Devices')).toHaveCount(2)
  await expect(rowsOf('Devices').last()).toContainText('mobile')
  await expect(rowsOf('Devices').last()).toContainText('100%')
  await expect(rowsOf('Browsers')).toHaveCount(2)
  await expect(rowsOf('Browsers').last()).toContainText('Safari')
  await expect(rowsOf('Referrers')).toHaveCount(2)
  await expect(rowsOf('Referrers').last()).toContainText(phoneHost)
  await expect(rowsOf('Campaigns')).toHaveCount(2)
  await expect(rowsOf('Campaigns').last()).toContainText(campaign)
  await expect(rowsOf('Top posts')).toHaveCount(2)
  await expect(rowsOf('Top posts').last()).toContainText(post.title)
  const totals = page.getByRole('figure').first()
  await expect(totals.getByRole('definition').first()).toHaveText('2') // visitors
  await expect(sources.getByRole('button', { name: desktopHost })).toHaveCount(0)

  // A second filter combines with the first; a reload keeps both (they live in the URL).
  await table('Devices').getByRole('button', { name: 'mobile' }).click()
  await expect(page).toHaveURL(/[?&]device=mobile\b/)
  await page.reload()
  await expect(filters.getByRole('listitem')).toHaveCount(2)
  await expect(filters).toContainText('Device: mobile')
  await expect(filters).toContainText(`Source: ${phoneHost}`)

  for (const width of [390, 1280])
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: `test-results/screens/analytics-filtered-${width}-${scheme}.png`, fullPage: true })
    }
  await page.setViewportSize({ width: 1280, height: 900 })

  // Removing the source chip keeps the device filter: the desktop host is still out, the phone host back in.
  await filters.getByRole('button', { name: `Remove filter Source: ${phoneHost}` }).click()
  await expect(page).not.toHaveURL(/[?&]source=/)
  await expect(page).toHaveURL(/[?&]device=mobile\b/)
  await expect(sources.getByRole('button', { name: phoneHost })).toBeVisible()
  await expect(sources.getByRole('button', { name: desktopHost })).toHaveCount(0)
  await filters.getByRole('button', { name: 'Remove filter Device: mobile' }).click()
  await expect(filters).toHaveCount(0)
  await expect(sources.getByRole('button', { name: desktopHost })).toBeVisible()
})
