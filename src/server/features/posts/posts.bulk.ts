import type { Db } from '../../db/client.ts'
import type { NewPostRow } from '../../db/schema.ts'
import { counterKeys, recount, writeSearchDocuments } from './posts.index.repo.ts'
import { derivedColumns, type DerivedColumns } from './posts.service.ts'
import { listingStateOf, searchDocumentOf } from './posts.write.ts'

const CHUNK = 200

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
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = await Promise.all(
      rows.slice(i, i + CHUNK).map(async (row) => ({ ...row, category_id: row.category_id ?? null, published_at: row.published_at ?? null, ...(await derive(row)) })),
    )
    await db.insertInto('posts').values(chunk).execute()
    const states = chunk.map(listingStateOf)
    const tagRows = states.flatMap((s) => s.tags.map((t) => ({ tag_key: t.key, post_id: s.id, tag: t.tag, status: s.status, published_at: s.published_at })))
    if (tagRows.length) await db.insertInto('post_tags').values(tagRows).execute()
    await writeSearchDocuments(db, chunk.map(searchDocumentOf))
    for (const state of states) for (const key of counterKeys(state)) touched.add(key)
  }
  if (!opts.countersToRecount) await recount(db, [...touched])
}
