import type { Category, CategoryInput } from '#shared/schemas/category.ts'
import type { Db } from '../../db/client.ts'
import { conflict, isUniqueViolation, notFound } from '../../errors.ts'
import { toCategory } from './categories.mappers.ts'
import {
  deleteCategoryRow,
  findCategoryWithCount,
  findClash,
  insertCategory,
  listCategoriesWithCounts,
  updateCategoryRow,
} from './categories.repo.ts'

/** Every category in name order, each with its number of published posts. Public (SSR calls it directly). */
export async function listCategories(db: Db): Promise<Category[]> {
  return (await listCategoriesWithCounts(db)).map(toCategory)
}

export async function getCategoryBySlug(db: Db, slug: string): Promise<Category | null> {
  const row = await findCategoryWithCount(db, { slug })
  return row ? toCategory(row) : null
}

async function assertNoClash(db: Db, input: CategoryInput, exceptId: string | null): Promise<void> {
  const clash = await findClash(db, input.name, input.slug, exceptId)
  if (!clash) return
  conflict(
    clash.slug === input.slug
      ? `A category with the slug "${input.slug}" already exists`
      : `A category named "${input.name}" already exists`,
  )
}

/** The unique indexes are the last word when two writes race past the check above. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) conflict('A category with this name or slug already exists')
    throw error
  }
}

function fieldsOf(input: CategoryInput) {
  return {
    name: input.name,
    slug: input.slug,
    description: input.description || null,
    color: input.color.toLowerCase(),
  }
}

export async function createCategory(db: Db, input: CategoryInput, now: Date): Promise<Category> {
  await assertNoClash(db, input, null)
  const row = { id: crypto.randomUUID(), ...fieldsOf(input), created_at: now.toISOString() }
  await uniquely(() => insertCategory(db, row))
  return toCategory({ ...row, post_count: 0 })
}

export async function updateCategory(db: Db, id: string, input: CategoryInput): Promise<Category> {
  if (!(await findCategoryWithCount(db, { id }))) notFound('Category')
  await assertNoClash(db, input, id)
  await uniquely(() => updateCategoryRow(db, id, fieldsOf(input)))
  const row = (await findCategoryWithCount(db, { id })) ?? notFound('Category')
  return toCategory(row)
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  if (!(await deleteCategoryRow(db, id))) notFound('Category')
}

export { findCategoryIdBySlug } from './categories.repo.ts'
