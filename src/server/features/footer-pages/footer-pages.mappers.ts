import type { FooterPage } from '#shared/schemas/site.ts'
import type { FooterPageRow } from '../../db/schema.ts'

export function toFooterPage(row: FooterPageRow): FooterPage {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    featuredImage: row.featured_image,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    isActive: row.is_active === 1,
    sortOrder: Number(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
