import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

test('the reading-progress bar grows as the reader scrolls down a post', async ({ page, admin }) => {
  const paragraph = 'A long paragraph that gives the page something to scroll through. '.repeat(12)
  const post = await admin.createPost(
    postInput(`Long read ${uid()}`, { content: Array.from({ length: 30 }, () => paragraph).join('\n\n') }),
  )
  await page.goto(`/blog/${post.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()

  const bar = page.getByTestId('reading-progress')
  const width = () => bar.evaluate((el) => el.getBoundingClientRect().width)
  const scrollTo = (fraction: number) =>
    page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * f), fraction)

  expect(await width()).toBe(0)
  await scrollTo(0.3)
  await expect.poll(width).toBeGreaterThan(200)
  const third = await width()
  await scrollTo(0.7)
  await expect.poll(width).toBeGreaterThan(third + 200)
  await scrollTo(1)
  const viewport = page.viewportSize()!.width
  await expect.poll(width).toBeGreaterThan(viewport - 2)
  await expect(bar).toBeVisible()
})
