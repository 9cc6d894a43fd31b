import { PostgresAdapter, sql } from 'kysely'
import type { Trx } from '../../db/client.ts'
import type { PostSearchTable } from '../../db/schema.ts'
import { categoryFacet } from './search-facets.ts'
import { nextOrderKey, searchOrderKey } from './search-order-key.ts'

export const isPostgres = (db: Trx) => db.getExecutor().adapter instanceof PostgresAdapter

export type SearchDocument = Omit<PostSearchTable, 'id'>

/**
 * On SQLite each search row is numbered by the post's time and visibility (search-order-key.ts); a number already
 * taken by another post (same millisecond, same hash) moves on to the next free one, away from 0. The wanted
 * numbers' owners are read in one query; only a collision looks further, one number at a time.
 */
async function freeOrderKeys(db: Trx, wanted: Array<{ postId: string; key: number }>): Promise<number[]> {
  // The post each number belongs to here: null when it was looked up and is free.
  const owners = new Map<number, string | null>()
  const lookUp = async (ids: number[]) => {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500)
      for (const id of chunk) owners.set(id, null)
      const rows = await db.selectFrom('post_search').select(['id', 'post_id']).where('id', 'in', chunk).execute()
      for (const row of rows) owners.set(Number(row.id), row.post_id)
    }
  }
  await lookUp([...new Set(wanted.map((w) => w.key))])
  const used = new Set<number>()
  const keys: number[] = []
  for (const { postId, key } of wanted) {
    let k = key
    for (;;) {
      if (!used.has(k)) {
        if (!owners.has(k)) await lookUp([k])
        const owner = owners.get(k)
        if (!owner || owner === postId) break
      }
      k = nextOrderKey(k)
    }
    used.add(k)
    keys.push(k)
  }
  return keys
}

/** Writes posts' searchable text (SQLite's triggers and PostgreSQL's generated column update the index). */
export async function writeSearchDocuments(
  db: Trx,
  docs: Array<SearchDocument & { orderAt: string | null }>,
): Promise<void> {
  if (!docs.length) return
  const rows = docs.map(({ orderAt: _, ...doc }) => doc)
  if (isPostgres(db)) {
    await db
      .insertInto('post_search')
      .values(rows)
      .onConflict((oc) =>
        oc.column('post_id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          published_at: eb.ref('excluded.published_at'),
          title: eb.ref('excluded.title'),
          excerpt: eb.ref('excluded.excerpt'),
          body: eb.ref('excluded.body'),
          tags: eb.ref('excluded.tags'),
          facets: eb.ref('excluded.facets'),
        })),
      )
      .execute()
    return
  }
  const keys = await freeOrderKeys(
    db,
    docs.map((d) => ({ postId: d.post_id, key: searchOrderKey(d.orderAt, d.post_id, d.status) })),
  )
  await db
    .deleteFrom('post_search')
    .where(
      'post_id',
      'in',
      rows.map((r) => r.post_id),
    )
    .execute()
  // In ascending order: the full-text index flushes its pending terms whenever a row number goes down.
  const numbered = rows.map((row, i) => ({ ...row, id: keys[i]! })).sort((a, b) => a.id - b.id)
  await db.insertInto('post_search').values(numbered).execute()
}

/** A category being deleted leaves its posts' search rows: they become uncategorised (the foreign key sets null). */
export async function removeCategoryFacet(db: Trx, categoryId: string): Promise<void> {
  await db
    .updateTable('post_search')
    .set({ facets: sql<string>`trim(replace(' ' || facets || ' ', ${` ${categoryFacet(categoryId)} `}, ' '))` })
    .where('post_id', 'in', db.selectFrom('posts').select('id').where('category_id', '=', categoryId))
    .execute()
}

export async function deleteSearchDocument(db: Trx, postId: string): Promise<void> {
  await db.deleteFrom('post_search').where('post_id', '=', postId).execute()
}
