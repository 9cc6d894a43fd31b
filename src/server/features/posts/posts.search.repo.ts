import { PostgresAdapter, sql, type RawBuilder } from 'kysely'
import type { PostSort, PostStatus } from '#shared/schemas/post.ts'
import type { Db } from '../../db/client.ts'

/** Marks around matched words in a snippet: C0 controls, which stored text never contains (input is normalised). */
export const MARK_START = '\u0001'
export const MARK_END = '\u0002'

export type SearchQuery = {
  /** Words (letters and digits only); the last one matches as a prefix. */
  words: string[]
  status: PostStatus | null
  categoryId?: string
  tagKey?: string
  sort: PostSort
}

export type SearchHit = { id: string; snippet: string | null }

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter

/** FTS5: each word a quoted string (never syntax), all required, the last a prefix. */
const fts5Match = (words: string[]) => words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ')
/** tsquery: each word a quoted lexeme (never syntax), all required, the last a prefix. */
const tsQuery = (words: string[]) => words.map((w, i) => `'${w.replace(/'/g, "''")}'${i === words.length - 1 ? ':*' : ''}`).join(' & ')

function filters(q: SearchQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = []
  if (q.status) where.push(sql`s.status = ${q.status}`)
  if (q.categoryId !== undefined) where.push(sql`p.category_id = ${q.categoryId}`)
  if (q.tagKey !== undefined) where.push(sql`s.post_id in (select post_id from post_tags where tag_key = ${q.tagKey})`)
  return where
}

const andAll = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``)

/**
 * Ranked full-text search on the engine's own index. Ranking: title matches weigh most, then tags, excerpt and
 * body; newer posts break ties. `oldest` and `popular` order the matches by date or views instead.
 */
export async function searchPosts(db: Db, q: SearchQuery, page: { limit: number; offset: number }): Promise<{ hits: SearchHit[]; total: number }> {
  if (!q.words.length) return { hits: [], total: 0 }
  return isPostgres(db) ? searchPostgres(db, q, page) : searchSqlite(db, q, page)
}

/** The statements of a search on SQLite (exported for the query-plan test). */
export function sqliteSearchStatements(q: SearchQuery, page: { limit: number; offset: number }) {
  const match = fts5Match(q.words)
  const where = andAll(filters(q))
  const from = sql`post_search_fts join post_search s on s.id = post_search_fts.rowid join posts p on p.id = s.post_id`
  const order =
    q.sort === 'oldest'
      ? sql`s.published_at asc, s.post_id asc`
      : q.sort === 'popular'
        ? sql`p.views desc, s.published_at desc, s.post_id desc`
        : sql`bm25(post_search_fts, 20.0, 3.0, 1.0, 8.0), s.published_at desc, s.post_id desc`
  return {
    rows: sql<{ id: string; snippet: string | null }>`select s.post_id as id, snippet(post_search_fts, -1, ${MARK_START}, ${MARK_END}, '…', 16) as snippet
      from ${from} where post_search_fts match ${match} ${where} order by ${order} limit ${page.limit} offset ${page.offset}`,
    count: sql<{ n: number }>`select count(*) as n from ${from} where post_search_fts match ${match} ${where}`,
  }
}

async function searchSqlite(db: Db, q: SearchQuery, page: { limit: number; offset: number }) {
  const statements = sqliteSearchStatements(q, page)
  const [rows, count] = await Promise.all([statements.rows.execute(db), statements.count.execute(db)])
  return { hits: rows.rows, total: Number(count.rows[0]?.n ?? 0) }
}

/** The statements of a search on PostgreSQL (exported for the query-plan test). */
export function postgresSearchStatements(q: SearchQuery, page: { limit: number; offset: number }) {
  const query = tsQuery(q.words)
  const where = andAll(filters(q))
  const from = sql`post_search s join posts p on p.id = s.post_id`
  const order =
    q.sort === 'oldest'
      ? sql`s.published_at asc, s.post_id asc`
      : q.sort === 'popular'
        ? sql`p.views desc, s.published_at desc, s.post_id desc`
        : sql`ts_rank(s.document, to_tsquery('simple', blog_fold(${query}))) desc, s.published_at desc, s.post_id desc`
  return {
    query,
    rows: sql<{ id: string }>`select s.post_id as id from ${from}
      where s.document @@ to_tsquery('simple', blog_fold(${query})) ${where} order by ${order} limit ${page.limit} offset ${page.offset}`,
    count: sql<{ n: number }>`select count(*)::int as n from ${from} where s.document @@ to_tsquery('simple', blog_fold(${query})) ${where}`,
  }
}

async function searchPostgres(db: Db, q: SearchQuery, page: { limit: number; offset: number }) {
  const statements = postgresSearchStatements(q, page)
  const [rows, count] = await Promise.all([statements.rows.execute(db), statements.count.execute(db)])
  const ids = rows.rows.map((r) => r.id)
  const options = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=28, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "`
  const snippets = ids.length
    ? await sql<{ id: string; snippet: string }>`select post_id as id, ts_headline('simple', body, to_tsquery('simple', blog_fold(${statements.query})), ${options}) as snippet
        from post_search where post_id in (${sql.join(ids)})`.execute(db)
    : { rows: [] }
  const byId = new Map(snippets.rows.map((r) => [r.id, r.snippet]))
  return { hits: ids.map((id) => ({ id, snippet: byId.get(id) ?? null })), total: Number(count.rows[0]?.n ?? 0) }
}
