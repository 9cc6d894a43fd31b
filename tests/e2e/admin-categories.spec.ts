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

  // The browser confirm: dismissing keeps it, accepting deletes it.
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to delete this category?')
    void d.dismiss()
  })
  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click()
  await expect(renamedCard).toHaveCount(1)
  page.once('dialog', (d) => void d.accept())
  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click()
  await expect(page.getByText('Category deleted successfully!')).toBeVisible()
  await expect(renamedCard).toHaveCount(0)

  await reader.reload()
  await expect(reader.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: renamed })).toHaveCount(
    0,
  )
  await expect(reader.getByLabel('Category').locator('option', { hasText: renamed })).toHaveCount(0)
  await reader.context().close()
})
