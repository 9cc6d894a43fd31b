import { sql } from 'kysely'
import type { Db } from '../../db/client.ts'
import type { CategoryRow } from '../../db/schema.ts'
import { removeCategoryFacet } from '../search/search.service.ts'

export type CategoryWithCount = CategoryRow & { post_count: number }

/** Published posts per category come from the counters kept on every post write, not from counting posts. */
function withCounts(db: Db) {
  return db
    .selectFrom('categories')
    .leftJoin('post_counts', (join) => join.on('post_counts.key', '=', sql<string>`'category:' || categories.id`))
    .selectAll('categories')
    .select((eb) => eb.fn.coalesce('post_counts.n', eb.lit(0)).as('post_count'))
}

/** Name order, the same on both engines (case-folded first, then exact). */
export async function listCategoriesWithCounts(db: Db): Promise<CategoryWithCount[]> {
  return withCounts(db)
    .orderBy((eb) => eb.fn('lower', ['categories.name']))
    .orderBy('categories.name')
    .execute()
}

export async function findCategoryWithCount(
  db: Db,
  by: { id: string } | { slug: string },
): Promise<CategoryWithCount | undefined> {
  const query = withCounts(db)
  return (
    'id' in by ? query.where('categories.id', '=', by.id) : query.where('categories.slug', '=', by.slug)
  ).executeTakeFirst()
}

/** Another category already using this name (case-insensitively) or slug. */
export async function findClash(
  db: Db,
  name: string,
  slug: string,
  exceptId: string | null,
): Promise<CategoryRow | undefined> {
  let query = db
    .selectFrom('categories')
    .selectAll()
    .where((eb) => eb.or([eb(eb.fn('lower', ['name']), '=', name.toLowerCase()), eb('slug', '=', slug)]))
  if (exceptId) query = query.where('id', '!=', exceptId)
  return query.executeTakeFirst()
}

export async function insertCategory(db: Db, row: CategoryRow): Promise<void> {
  await db.insertInto('categories').values(row).execute()
}

export async function updateCategoryRow(
  db: Db,
  id: string,
  fields: Pick<CategoryRow, 'name' | 'slug' | 'description' | 'color'>,
): Promise<boolean> {
  const result = await db.updateTable('categories').set(fields).where('id', '=', id).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Posts keep existing, uncategorised (the foreign key is ON DELETE SET NULL), and their search rows lose the category. */
export async function deleteCategoryRow(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await removeCategoryFacet(trx, id)
    const result = await trx.deleteFrom('categories').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  })
}

export async function findCategoryIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  return (await db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirst())?.id
}
