import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../db/client.ts'
import { PLAN_EACH_RUN } from '../../db/named-statements.ts'

/**
 * PostgreSQL: published_search_words is read in time slices of a few thousand posts, each with partial full-text
 * indexes, so a public search reads the newest slices' short lists and stops when its page is full, at any size of
 * blog (docs/decisions/096). search_slices holds the times where slices begin; with none, the blog is one slice,
 * read from the whole-table indexes, which stay for every other search. Any set of boundaries covers every post, so
 * results never depend on which slices exist or on how old an instance's copy of them is: only speed does.
 */

/** A slice is split when it holds more than twice this many posts, so slices hold between this and twice as many. */
export const SLICE_POSTS = 4000
/** How long an instance keeps the boundaries it read: a split elsewhere only makes its searches slower until then. */
const BOUNDARIES_KEPT_MS = 5000
const INDEX_PREFIX = 'published_search_words_slice_'
/** An arbitrary number naming the lock that lets one instance at a time split slices. */
const SPLIT_LOCK = 7_361_094

/** Posts published from `from` (inclusive) until `to` (exclusive); no bound where absent. */
export type Slice = { from?: string; to?: string }

/** Maintenance statements name a slice's times in their text: run unnamed, so they never use up the named statements. */
const once = sql.raw(PLAN_EACH_RUN)

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** The slice's condition on published_at: the same text in its indexes' predicates and in searches, so the planner matches them. */
export function sliceCondition(slice: Slice, at = 'published_at'): string {
  const bounds = [
    ...(slice.from !== undefined ? [`${at} >= ${literal(slice.from)}`] : []),
    ...(slice.to !== undefined ? [`${at} < ${literal(slice.to)}`] : []),
  ]
  return bounds.length ? bounds.join(' and ') : 'true'
}

/** The slices that `boundaries` (ascending) cut the blog into, oldest first. */
export const slicesOf = (boundaries: string[]): Slice[] =>
  [undefined, ...boundaries].map((from, i) => ({ from, to: boundaries[i] }))

/** The names of a slice's two indexes (words, title words): derived from its bounds, so every instance agrees. */
function indexNames(slice: Slice): [string, string] {
  const id = createHash('sha256')
    .update(`${slice.from ?? ''}|${slice.to ?? ''}`)
    .digest('hex')
    .slice(0, 20)
  return [`${INDEX_PREFIX}${id}_w`, `${INDEX_PREFIX}${id}_t`]
}

async function readBoundaries(db: Db): Promise<string[]> {
  const rows = await sql<{ starts_at: string }>`select starts_at from search_slices order by starts_at`.execute(db)
  return rows.rows.map((r) => r.starts_at)
}

const kept = new WeakMap<Db, { at: number; slices: Slice[] }>()

/** The slices, newest last, as this instance last read them (at most BOUNDARIES_KEPT_MS ago). */
export async function searchSlices(db: Db): Promise<Slice[]> {
  const copy = kept.get(db)
  if (copy && Date.now() - copy.at < BOUNDARIES_KEPT_MS) return copy.slices
  const slices = slicesOf(await readBoundaries(db))
  kept.set(db, { at: Date.now(), slices })
  return slices
}

/** Published posts in a slice, from the posts' status and date index. */
async function postsIn(db: Db, slice: Slice): Promise<number> {
  const rows = await sql<{
    n: number
  }>`${once}select count(*)::int as n from posts where status = 'published' and ${sql.raw(sliceCondition(slice))}`.execute(
    db,
  )
  return rows.rows[0]!.n
}

/**
 * The times that cut a slice of `posts` posts into pieces of `size` to 2 × `size`: the first post's of each piece
 * past the first. Posts of one time stay in one piece, so a cut that would part them is dropped.
 */
async function cutsOf(db: Db, slice: Slice, posts: number, size: number): Promise<string[]> {
  const pieces = Math.floor(posts / size)
  const offsets = [0, ...Array.from({ length: pieces - 1 }, (_, j) => Math.round(((j + 1) * posts) / pieces))]
  const rows = await sql<{ published_at: string }>`${once}select published_at from (
      select published_at, row_number() over (order by published_at) - 1 as place from posts where status = 'published' and ${sql.raw(sliceCondition(slice))}
    ) p where place = any(${offsets}) order by published_at`.execute(db)
  const [first, ...cuts] = rows.rows.map((r) => r.published_at)
  return [...new Set(cuts)].filter((cut) => cut > first!)
}

async function createIndexes(db: Db, slice: Slice): Promise<void> {
  const [words, title] = indexNames(slice)
  const where = sliceCondition(slice)
  await sql
    .raw(`create index concurrently if not exists ${words} on published_search_words using gin (words) where ${where}`)
    .execute(db)
  await sql
    .raw(
      `create index concurrently if not exists ${title} on published_search_words using gin (title_words) where ${where}`,
    )
    .execute(db)
}

/** Slice indexes no current slice owns (a split that stopped half way), or left invalid by a build that failed. */
async function dropStrayIndexes(db: Db, slices: Slice[]): Promise<void> {
  const owned = new Set(slices.length > 1 ? slices.flatMap(indexNames) : [])
  const rows = await sql<{
    name: string
    valid: boolean
  }>`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'published_search_words'::regclass and c.relname like ${`${INDEX_PREFIX}%`}`.execute(db)
  for (const { name, valid } of rows.rows)
    if (!valid || !owned.has(name)) await sql.raw(`drop index concurrently if exists ${name}`).execute(db)
}

/**
 * Cuts every slice of more than 2 × `size` posts into pieces of `size` to 2 × `size`, one slice at a time: the
 * pieces' indexes are built (without blocking writes), then their boundaries recorded, then the slice's indexes
 * dropped. Searches that still use the old boundaries stay correct. One instance at a time (an advisory lock); any
 * instance may finish another's. Returns how many boundaries it added.
 */
export async function splitSearchSlices(db: Db, size = SLICE_POSTS): Promise<number> {
  return db.connection().execute(async (conn) => {
    const locked = (await sql<{ ok: boolean }>`select pg_try_advisory_lock(${SPLIT_LOCK}) as ok`.execute(conn)).rows[0]!
      .ok
    if (!locked) return 0
    let cutsMade = 0
    try {
      const slices = slicesOf(await readBoundaries(conn))
      await dropStrayIndexes(conn, slices)
      for (const slice of slices) {
        const posts = await postsIn(conn, slice)
        if (posts <= 2 * size) continue
        const cuts = await cutsOf(conn, slice, posts, size)
        if (!cuts.length) continue
        const bounds = [slice.from, ...cuts, slice.to]
        for (let i = 0; i + 1 < bounds.length; i++) await createIndexes(conn, { from: bounds[i], to: bounds[i + 1] })
        await sql`insert into search_slices (starts_at) select unnest(${cuts}::text[]) on conflict do nothing`.execute(
          conn,
        )
        if (slices.length > 1)
          for (const name of indexNames(slice)) await sql.raw(`drop index concurrently if exists ${name}`).execute(conn)
        cutsMade += cuts.length
      }
    } finally {
      await sql`select pg_advisory_unlock(${SPLIT_LOCK})`.execute(conn)
      kept.delete(db)
    }
    return cutsMade
  })
}
