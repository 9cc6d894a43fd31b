import type { Category } from '#shared/schemas/category.ts'
import type { CategoryWithCount } from './categories.repo.ts'

export function toCategory(row: CategoryWithCount): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    color: row.color,
    postCount: Number(row.post_count),
    createdAt: row.created_at,
  }
}
