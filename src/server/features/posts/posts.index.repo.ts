import { PostgresAdapter, type Transaction } from 'kysely'
import type { Db } from '../../db/client.ts'
import type { Database } from '../../db/schema.ts'
import { deleteSearchDocument } from '../search/search.service.ts'

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

export async function deleteListingRows(db: Trx, postId: string): Promise<void> {
  await db.deleteFrom('post_tags').where('post_id', '=', postId).execute()
  await deleteSearchDocument(db, postId)
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
