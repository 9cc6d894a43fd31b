import { PostgresAdapter, sql, type Transaction } from 'kysely'
import type { Db } from '../../db/client.ts'
import type { Database } from '../../db/schema.ts'
import { categoryFacet } from './search-facets.ts'
import { nextOrderKey, searchOrderKey } from './search-order-key.ts'

type Trx = Transaction<Database> | Db

/** The listing state of a post that tag rows, search rows and counters follow. */
export type ListingState = {
  id: string
  status: string
  published_at: string | null
  category_id: string | null
  tags: Array<{ key: string; tag: string }>
}

export const isPostgres = (db: Trx) => db.getExecutor().adapter instanceof PostgresAdapter

/** The counters a post in this state counts towards. */
export function counterKeys(state: ListingState | undefined): string[] {
  if (!state || state.status !== 'published') return []
  return [
    'published',
    ...(state.category_id ? [`category:${state.category_id}`] : []),
    ...state.tags.map((t) => `tag:${t.key}`),
  ]
}

export async function writeTags(db: Trx, state: ListingState): Promise<void> {
  await db.deleteFrom('post_tags').where('post_id', '=', state.id).execute()
  if (!state.tags.length) return
  await db
    .insertInto('post_tags')
    .values(
      state.tags.map((t) => ({
        tag_key: t.key,
        post_id: state.id,
        tag: t.tag,
        status: state.status,
        published_at: state.published_at,
      })),
    )
    .execute()
}

export type SearchDocument = {
  post_id: string
  status: string
  published_at: string | null
  title: string
  excerpt: string
  body: string
  tags: string
  facets: string
}

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

/** Writes posts' searchable text (SQLite's triggers and PostgreSQL's generated columns update the index). */
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

export async function deleteListingRows(db: Trx, postId: string): Promise<void> {
  await db.deleteFrom('post_tags').where('post_id', '=', postId).execute()
  await db.deleteFrom('post_search').where('post_id', '=', postId).execute()
}

/**
 * Recounts the given counters inside the writing transaction. On PostgreSQL the counter rows are locked first (in
 * key order, so two writers never deadlock): a writer that waited counts after the other has committed, so the
 * last writer always leaves exact numbers. SQLite has one writer at a time.
 */
export async function recount(db: Trx, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort()
  if (!sorted.length) return
  await db
    .insertInto('post_counts')
    .values(sorted.map((key) => ({ key, n: 0 })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  if (isPostgres(db))
    await db.selectFrom('post_counts').select('key').where('key', 'in', sorted).orderBy('key').forUpdate().execute()
  for (const key of sorted) {
    const n = await countFor(db, key)
    await db.updateTable('post_counts').set({ n }).where('key', '=', key).execute()
  }
}

async function countFor(db: Trx, key: string): Promise<number> {
  const [kind, ...rest] = key.split(':')
  const value = rest.join(':')
  const n = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0)
  if (kind === 'tag') {
    return n(
      await db
        .selectFrom('post_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tag_key', '=', value)
        .where('status', '=', 'published')
        .executeTakeFirst(),
    )
  }
  let q = db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'published')
  if (kind === 'category') q = q.where('category_id', '=', value)
  return n(await q.executeTakeFirst())
}
