import type { Db } from '../../db/client.ts'
import type { NewPostRow } from '../../db/schema.ts'
import { counterKeys, isPostgres, recount, type ListingState } from './posts.index.repo.ts'
import { searchOrderKey, writeSearchDocuments } from '../search/search.service.ts'
import { derivedColumns, type DerivedColumns } from './posts.service.ts'
import { listingStateOf, searchDocumentOf } from './posts.write.ts'

const CHUNK = 200
const TAG_ROWS = 2000

/** Columns of a post not rendered yet: a reader asking for it renders it on demand, rederiveStalePosts stores it. */
const NOT_RENDERED: DerivedColumns = { content_html: '', headings: '[]', render_version: 0 }

export type BulkInsertOptions = {
  /** Leave the HTML to be rendered later (imports of thousands of posts): see NOT_RENDERED. */
  renderLater?: boolean
  /** Collect the listing counters to recount here instead of recounting them at the end of this call. */
  countersToRecount?: Set<string>
}

/**
 * Writes many whole posts at once (demo seed, import, benchmarks) in the caller's transaction: each with its derived
 * HTML, tag rows and search text; the counters of every listing touched are recounted once at the end. Identical
 * contents are rendered once.
 */
export async function insertPostsWithState(db: Db, rows: NewPostRow[], opts: BulkInsertOptions = {}): Promise<void> {
  const rendered = new Map<string, Promise<DerivedColumns>>()
  const derive = (row: NewPostRow) => {
    if (opts.renderLater) return NOT_RENDERED
    const key = `${row.featured_image ?? ''}\u0000${row.content}`
    if (!rendered.has(key)) rendered.set(key, derivedColumns(db, row))
    return rendered.get(key)!
  }
  const touched = opts.countersToRecount ?? new Set<string>()
  // In the order of their search rows: SQLite's full-text index flushes its pending terms whenever a row number goes down.
  const keyed = rows
    .map((row) => ({ row, key: searchOrderKey(row.published_at ?? row.created_at, row.id, row.status) }))
    .sort((a, b) => a.key - b.key)
  const ordered = keyed.map((k) => k.row)
  // Each chunk's search text is extracted while the previous chunk is written: on PostgreSQL the server indexes
  // one chunk while this process prepares the next, yielding every few posts so the driver can send the next
  // statement (SQLite's driver is synchronous: nothing to yield to). The write in flight is awaited before the next.
  const yieldEvery = isPostgres(db) ? 10 : 0
  let writing: Promise<void> = Promise.resolve()
  try {
    for (let i = 0; i < ordered.length; i += CHUNK) {
      const chunk = await Promise.all(
        ordered.slice(i, i + CHUNK).map(async (row) => ({
          ...row,
          category_id: row.category_id ?? null,
          published_at: row.published_at ?? null,
          ...(await derive(row)),
        })),
      )
      const states = chunk.map(listingStateOf)
      const docs: Array<ReturnType<typeof searchDocumentOf>> = []
      for (const row of chunk) {
        docs.push(searchDocumentOf(row))
        if (yieldEvery && docs.length % yieldEvery === 0) await new Promise(setImmediate)
      }
      for (const state of states) for (const key of counterKeys(state)) touched.add(key)
      await writing
      writing = writeChunk(db, chunk, states, docs)
      // Awaited on the next round or below; until then its failure must not count as unhandled.
      writing.catch(() => {})
    }
  } finally {
    // Never leave a write running behind the caller's back (a failed chunk rolls the transaction back).
    await writing.catch(() => {})
  }
  await writing
  if (!opts.countersToRecount) await recount(db, [...touched])
}

async function writeChunk(
  db: Db,
  chunk: NewPostRow[],
  states: ListingState[],
  docs: Array<ReturnType<typeof searchDocumentOf>>,
): Promise<void> {
  await db.insertInto('posts').values(chunk).execute()
  const tagRows = states.flatMap((s) =>
    s.tags.map((t) => ({ tag_key: t.key, post_id: s.id, tag: t.tag, status: s.status, published_at: s.published_at })),
  )
  // A post may carry up to 100 tags: kept well under PostgreSQL's 65,535 parameters a statement (5 a row).
  for (let i = 0; i < tagRows.length; i += TAG_ROWS)
    await db
      .insertInto('post_tags')
      .values(tagRows.slice(i, i + TAG_ROWS))
      .execute()
  await writeSearchDocuments(db, docs)
}
