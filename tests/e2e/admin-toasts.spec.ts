import { createPost } from './support/admin-api.ts'
import { expect, test, unique } from './support/admin-fixtures.ts'

test('deleting posts one after another from the list shows the toast every time', async ({ adminPage: page }) => {
  const prefix = unique('E2E Toast Delete')
  for (let i = 1; i <= 4; i++)
    await createPost(page.request, {
      title: `${prefix} ${i}`,
      content: 'Soon gone.',
      status: i % 2 ? 'published' : 'draft',
    })
  await page.goto('/admin/posts')
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(prefix)
  const rows = page.getByTestId('admin-post-row')
  await expect(rows).toHaveCount(4)

  // After a delete the panel refreshes the posts list and the categories. When the categories answer last, the
  // deleted row has already left the page when the mutation settles: its own callbacks never run, and a toast shown
  // from them was lost. Holding the categories until the row is gone makes that order certain.
  let openGate = () => {}
  let gate = Promise.resolve()
  await page.route('**/api/categories', async (route) => {
    await gate
    await route.continue()
  })

  const toast = page.getByRole('status').filter({ hasText: 'Post deleted successfully!' })
  for (let left = 4; left > 0; left--) {
    gate = new Promise<void>((resolve) => (openGate = resolve))
    const title = `${prefix} ${left}`
    await rows
      .filter({ hasText: title })
      .getByRole('button', { name: `Delete ${title}` })
      .click()
    await page.getByRole('alertdialog', { name: 'Delete Post' }).getByRole('button', { name: 'Delete' }).click()
    await expect(rows).toHaveCount(left - 1)
    openGate()
    await expect(toast).toBeVisible()
    await toast.getByRole('button', { name: 'Close notification' }).click()
    await expect(toast).toHaveCount(0)
  }
})

test('a toast stays while hovered or focused, and leaves 5 s after both have gone', async ({ adminPage: page }) => {
  await page.clock.install()
  await page.goto('/admin/categories')
  const addCategory = async () => {
    await page.getByRole('button', { name: 'New Category' }).click()
    await page.getByLabel('Name').fill(unique('E2E Toast Category'))
    await page.getByRole('button', { name: 'Create Category' }).click()
  }
  const toast = page.getByRole('status').filter({ hasText: 'Category created successfully!' })

  await addCategory()
  await expect(toast).toBeVisible()
  await toast.hover()
  await page.clock.runFor(12_000)
  await expect(toast).toBeVisible()
  await page.mouse.move(5, 5)
  await page.clock.runFor(4_000)
  await expect(toast).toBeVisible()
  await page.clock.runFor(1_500)
  await expect(toast).toHaveCount(0)

  await addCategory()
  await expect(toast).toBeVisible()
  await page.mouse.move(5, 5)
  await toast.getByRole('button', { name: 'Close notification' }).focus()
  await page.clock.runFor(12_000)
  await expect(toast).toBeVisible()
  await page.getByRole('button', { name: 'New Category' }).focus()
  await page.clock.runFor(5_500)
  await expect(toast).toHaveCount(0)
})
