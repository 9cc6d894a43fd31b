import { createPost } from './support/admin-api.ts'
import { expect, openAsReader, test, unique } from './support/admin-fixtures.ts'

test('category create, edit and delete show on the public filter and footer', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  // '000' sorts first, so the footer's first six categories include it.
  const name = unique('000 E2E Category')
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')

  await page.goto('/admin/categories')
  await expect(page).toHaveTitle('Manage Categories')
  await page.getByRole('button', { name: 'New Category' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Category' })
  await expect(dialog.getByLabel('Color', { exact: true })).toHaveValue('#3b82f6')
  await dialog.getByLabel('Name').fill(name)
  await expect(dialog.getByLabel('Slug')).toHaveValue(slug)
  await dialog.getByLabel('Description (optional)').fill('Made by the browser test')
  await dialog.getByRole('button', { name: 'Create Category' }).click()
  await expect(page.getByText('Category created successfully!')).toBeVisible()
  await expect(dialog).toBeHidden()
  const card = page.getByTestId('category-card').filter({ hasText: name })
  await expect(card.getByText(slug, { exact: true })).toBeVisible()
  await expect(card.getByText('Made by the browser test')).toBeVisible()

  const reader = await openAsReader(browser, baseURL, '/blog')
  await expect(reader.getByLabel('Category').locator('option', { hasText: name })).toHaveCount(1)
  await expect(reader.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name })).toHaveAttribute(
    'href',
    `/category/${slug}`,
  )

  const renamed = `${name} Renamed`
  await card.getByRole('button', { name: `Edit ${name}` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit Category' })
  await expect(editDialog.getByLabel('Name')).toHaveValue(name)
  await editDialog.getByLabel('Name').fill(renamed)
  await expect(editDialog.getByLabel('Slug')).toHaveValue(slug)
  await editDialog.getByLabel('Color hex value').fill('#ef4444')
  await editDialog.getByRole('button', { name: 'Update Category' }).click()
  await expect(page.getByText('Category updated successfully!')).toBeVisible()
  const renamedCard = page.getByTestId('category-card').filter({ hasText: renamed })
  await expect(renamedCard).toHaveCount(1)

  await reader.reload()
  await expect(
    reader.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: renamed }),
  ).toBeVisible()
  await expect(reader.getByLabel('Category').locator('option', { hasText: renamed })).toHaveCount(1)

  // The app's dialog names the posts that lose their category; Esc keeps it and returns focus to the button.
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: string; slug: string }[]
  const categoryId = categories.find((c) => c.slug === slug)!.id
  const titles = [unique('E2E Filed Post'), unique('E2E Filed Draft')]
  await createPost(page.request, { title: titles[0]!, content: 'Filed.', status: 'published', categoryId })
  await createPost(page.request, { title: titles[1]!, content: 'Filed.', status: 'draft', categoryId })
  const deleteButton = renamedCard.getByRole('button', { name: `Delete ${renamed}` })
  await deleteButton.click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Category' })
  await expect(confirm.getByText('Are you sure you want to delete this category?')).toBeVisible()
  await expect(confirm.getByText(`Its page /category/${slug} will answer 404.`)).toBeVisible()
  await expect(confirm.getByText('2 posts lose their category:')).toBeVisible()
  const losing = confirm.getByRole('list', { name: 'Posts that lose their category' })
  for (const title of titles) await expect(losing.getByText(title)).toBeVisible()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `test-results/screens/delete-category-${width}.png` })
  }
  await page.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  await expect(deleteButton).toBeFocused()
  await expect(renamedCard).toHaveCount(1)
  await deleteButton.click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Category deleted successfully!')).toBeVisible()
  await expect(renamedCard).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New Category' })).toBeFocused()

  await reader.reload()
  await expect(reader.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: renamed })).toHaveCount(
    0,
  )
  await expect(reader.getByLabel('Category').locator('option', { hasText: renamed })).toHaveCount(0)
  await reader.context().close()
})
