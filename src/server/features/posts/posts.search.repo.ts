import type { Snippet } from '#shared/schemas/post.ts'
import type { Db } from '../../db/client.ts'
import { isPostgres } from './posts.index.repo.ts'
import { searchPostgres } from './search.postgres.ts'
import { searchSqlite } from './search.sqlite.ts'
import { snippetOf } from './search-snippet.ts'
import type { Page, SearchQuery } from './search-tiers.ts'

export type { SearchQuery } from './search-tiers.ts'
export type SearchHit = { id: string; snippet: Snippet | undefined }

/**
 * Ranked full-text search (docs/decisions/010, 014, 015): one page of matches with their snippets (made here from
 * the page's texts, search-snippet.ts) and the number of matches, counted as far as a bound (search-tiers.ts,
 * docs/decisions/016). Each engine reads a page from the newest (or oldest) match and stops when it is full, so its
 * cost follows the page, not the blog.
 */
export async function searchPosts(
  db: Db,
  q: SearchQuery,
  page: Page,
): Promise<{ hits: SearchHit[]; total: number; exact: boolean }> {
  if (!q.words.length) return { hits: [], total: 0, exact: true }
  const { docs, total, exact } = await (isPostgres(db) ? searchPostgres : searchSqlite)(db, q, page)
  return {
    hits: docs.map((d) => ({ id: d.id, snippet: snippetOf([d.body, d.excerpt, d.title, d.tags], q.words) })),
    total,
    exact,
  }
}

export { postgresSearchStatements } from './search.postgres.ts'
export { sqliteSearchStatements } from './search.sqlite.ts'
