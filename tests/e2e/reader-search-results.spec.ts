import { expect, postInput, test, uid } from './support/reader-fixtures.ts'

for (const width of [390, 1280]) {
  test(`search results name the search, count the matches and never repeat a title (${width} px)`, async ({
    page,
    admin,
  }) => {
    const id = uid()
    await admin.createPost(
      postInput(`Quiet ${id}`, { content: 'Nothing to mark here.', excerpt: 'The quiet excerpt.' }),
    )
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/blog')
    await expect(page.getByRole('heading', { level: 1, name: 'All Articles' })).toBeVisible()
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search articles' })
    await box.fill(id)
    await box.press('Enter')

    await expect(page.getByRole('heading', { level: 1, name: `Results for “${id}”` })).toBeVisible()
    await expect(page.getByTestId('search-count')).toHaveText('1 post')
    const card = page
      .getByRole('main')
      .locator('article')
      .filter({ hasText: `Quiet ${id}` })
    await expect(card.getByText('The quiet excerpt.')).toBeVisible()
    await expect(card.locator('mark')).toHaveCount(0)

    await admin.createPost(postInput('Loud', { content: `The body says ${id} out loud.`, slug: `loud-${id}` }))
    await page.reload()
    await expect(page.getByTestId('search-count')).toHaveText('2 posts')
    await expect(page.getByRole('main').locator('mark').filter({ hasText: id })).toHaveCount(1)
    await page.screenshot({ path: `test-results/screens/search-results-${width}.png`, fullPage: true })
  })
}
