import type { Snippet } from '#shared/schemas/post.ts'
import type { Db } from '../../db/client.ts'
import { isPostgres } from './search-documents.repo.ts'
import type { Found, Page, SearchQuery } from './search-query.ts'
import { snippetOf } from './search-snippet.ts'
import { searchPostgres } from './search.postgres.repo.ts'
import { searchSqlite } from './search.sqlite.repo.ts'

export type { SearchQuery } from './search-query.ts'
export { searchWords } from './search-words.ts'
export {
  deleteSearchDocument,
  removeCategoryFacet,
  writeSearchDocuments,
  type SearchDocument,
} from './search-documents.repo.ts'
export { facetsOf } from './search-facets.ts'
export { searchOrderKey } from './search-order-key.ts'
export type SearchHit = { id: string; snippet: Snippet | undefined }

/** One function per engine, each answering a page of matches and their count (search-query.ts). */
type SearchEngine = (db: Db, q: SearchQuery, page: Page) => Promise<Found>

/**
 * Full-text search (docs/decisions/099): one page of matches, title matches first for `latest`, with their snippets
 * (made here from the page's texts, search-snippet.ts) and the number of matches, counted as far as a bound.
 */
export async function searchPosts(
  db: Db,
  q: SearchQuery,
  page: Page,
): Promise<{ hits: SearchHit[]; total: number; exact: boolean }> {
  if (!q.words.length) return { hits: [], total: 0, exact: true }
  const engine: SearchEngine = isPostgres(db) ? searchPostgres : searchSqlite
  const { docs, total, exact } = await engine(db, q, page)
  return {
    // Never the title: a card shows it already, and a post found by its title alone shows its excerpt instead.
    hits: docs.map((d) => ({ id: d.id, snippet: snippetOf([d.body, d.excerpt, d.tags], q.words) })),
    total,
    exact,
  }
}
