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
type Page = { limit: number; offset: number }

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter

/**
 * One part of a search: the matches (all, title only, or all but the title matches) with the filters, as a count
 * and as one page in the requested order. Both engines answer each from their full-text index.
 */
type Tier = 'all' | 'title' | 'rest'
type TierStatements = { rows: (page: Page) => RawBuilder<{ id: string }>; count: RawBuilder<{ n: number }> }

/**
 * Ranked full-text search (docs/decisions/010). Ranking: posts whose title holds every word first, then the
 * others; newest first within each. `oldest` and `popular` order all matches by date or views instead. Each step
 * reads the full-text index and walks the date index from the newest match, so its cost follows the page, not
 * the number of posts.
 */
export async function searchPosts(db: Db, q: SearchQuery, page: Page): Promise<{ hits: SearchHit[]; total: number }> {
  if (!q.words.length) return { hits: [], total: 0 }
  if (!isPostgres(db)) return search(db, q, page)
  // PostgreSQL thinks a word found in every post is cheapest to test row by row, which unpacks every stored
  // document (0.3 s at 20,000 posts); the GIN index's own list of posts answers the same count in ~10 ms.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    return search(trx, q, page)
  })
}

async function search(db: Db, q: SearchQuery, page: Page): Promise<{ hits: SearchHit[]; total: number }> {
  const statements = isPostgres(db) ? postgresSearchStatements : sqliteSearchStatements
  const tier = (name: Tier) => statements(q, name)
  const all = tier('all')
  const total = Number((await all.count.execute(db)).rows[0]?.n ?? 0)
  if (page.offset >= total) return { hits: [], total }

  let ids: string[]
  if (q.sort !== 'latest') ids = (await all.rows(page).execute(db)).rows.map((r) => r.id)
  else {
    const title = tier('title')
    const inTitle = Number((await title.count.execute(db)).rows[0]?.n ?? 0)
    const first = page.offset < inTitle ? (await title.rows(page).execute(db)).rows.map((r) => r.id) : []
    const more = page.limit - first.length
    const rest = more > 0 && total > inTitle ? (await tier('rest').rows({ limit: more, offset: Math.max(0, page.offset - inTitle) }).execute(db)).rows.map((r) => r.id) : []
    ids = [...first, ...rest]
  }
  const snippets = await (isPostgres(db) ? postgresSnippets : sqliteSnippets)(db, q.words, ids)
  return { hits: ids.map((id) => ({ id, snippet: snippets.get(id) ?? null })), total }
}

function order(q: SearchQuery, published: RawBuilder<unknown>, views: RawBuilder<unknown>, id: RawBuilder<unknown>) {
  if (q.sort === 'oldest') return sql`${published} asc, ${id} asc`
  if (q.sort === 'popular') return sql`${views} desc, ${published} desc, ${id} desc`
  return sql`${published} desc, ${id} desc`
}

// ---------------------------------------------------------------------------------------------------------------
// SQLite: FTS5 over post_search, with prefix indexes and the status as a column.

const CONTENT_COLUMNS = '{title excerpt body tags}'
const STATUS_WORDS = ['published', 'draft', 'scheduled']
/** FTS5: each word a quoted string (never syntax), all required, the last a prefix. */
const fts5Words = (words: string[]) => words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ')

/**
 * The status is a column of the index, so it filters without a join. A column filter on the reader's words costs
 * reading every match's positions, so it is used only when a word could also match a status in that column.
 */
function fts5Match(q: SearchQuery, tier: Tier): string {
  const words = fts5Words(q.words)
  const status = q.status ? `status : "${q.status}" AND ` : ''
  if (tier === 'title') return `${status}title : (${words})`
  const last = q.words.length - 1
  const couldMatchStatus = q.words.some((w, i) => STATUS_WORDS.some((s) => (i === last ? s.startsWith(w.toLowerCase()) : s === w.toLowerCase())))
  const anywhere = `${status}${couldMatchStatus ? `${CONTENT_COLUMNS} : (${words})` : `(${words})`}`
  return tier === 'rest' ? `${anywhere} NOT title : (${words})` : anywhere
}

/**
 * The statements of one tier of a search on SQLite (exported for the query-plan test). The index's rows are
 * numbered by time (search-order-key.ts), so "newest first" is the index's own order, read from the end, and a
 * page stops as soon as it is full; only `popular` sorts its matches.
 */
export function sqliteSearchStatements(q: SearchQuery, tier: Tier): TierStatements {
  const match = fts5Match(q, tier)
  const joins: RawBuilder<unknown>[] = [sql`join post_search s on s.id = f.rowid`]
  if (q.categoryId !== undefined || q.sort === 'popular') joins.push(sql`join posts p on p.id = s.post_id`)
  const conditions: RawBuilder<unknown>[] = [sql`f.post_search_fts match ${match}`]
  if (q.categoryId !== undefined) conditions.push(sql`p.category_id = ${q.categoryId}`)
  if (q.tagKey !== undefined) conditions.push(sql`exists (select 1 from post_tags t where t.post_id = s.post_id and t.tag_key = ${q.tagKey})`)
  const from = sql`post_search_fts f ${sql.join(joins, sql` `)}`
  const where = sql.join(conditions, sql` and `)
  const filtered = conditions.length > 1
  const ordering =
    q.sort === 'oldest' ? sql`f.rowid asc` : q.sort === 'popular' ? sql`p.views desc, f.rowid desc` : sql`f.rowid desc`
  return {
    // Unfiltered, the index alone knows the count.
    count: filtered
      ? sql<{ n: number }>`select count(*) as n from ${from} where ${where}`
      : sql<{ n: number }>`select count(*) as n from post_search_fts f where ${where}`,
    rows: (page) => sql<{ id: string }>`select s.post_id as id from ${from} where ${where} order by ${ordering} limit ${page.limit} offset ${page.offset}`,
  }
}

async function sqliteSnippets(db: Db, words: string[], ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const rows = await sql<{ id: string; snippet: string | null }>`select s.post_id as id, snippet(post_search_fts, -1, ${MARK_START}, ${MARK_END}, '…', 16) as snippet
    from post_search_fts join post_search s on s.id = post_search_fts.rowid
    where post_search_fts match ${`${CONTENT_COLUMNS} : (${fts5Words(words)})`} and s.post_id in (${sql.join(ids)})`.execute(db)
  return new Map(rows.rows.flatMap((r) => (r.snippet ? [[r.id, r.snippet] as const] : [])))
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: tsvector documents with GIN indexes, one for the whole post and one for the title.

/** tsquery: each word a quoted lexeme (never syntax), all required, the last a prefix. */
const tsQuery = (words: string[]) => words.map((w, i) => `'${w.replace(/'/g, "''")}'${i === words.length - 1 ? ':*' : ''}`).join(' & ')

/** The statements of one tier of a search on PostgreSQL (exported for the query-plan test). */
export function postgresSearchStatements(q: SearchQuery, tier: Tier): TierStatements {
  const query = sql`to_tsquery('simple', blog_fold(${tsQuery(q.words)}))`
  const conditions: RawBuilder<unknown>[] = [
    tier === 'title' ? sql`s.title_document @@ ${query}` : sql`s.document @@ ${query}`,
  ]
  if (tier === 'rest') conditions.push(sql`not (s.title_document @@ ${query})`)
  if (q.status) conditions.push(sql`s.status = ${q.status}`)
  if (q.categoryId !== undefined) conditions.push(sql`p.category_id = ${q.categoryId}`)
  if (q.tagKey !== undefined) conditions.push(sql`s.post_id in (select post_id from post_tags where tag_key = ${q.tagKey})`)
  const needsPosts = q.sort === 'popular' || q.categoryId !== undefined
  const from = needsPosts ? sql`post_search s join posts p on p.id = s.post_id` : sql`post_search s`
  const where = sql.join(conditions, sql` and `)
  return {
    count: sql<{ n: number }>`select count(*)::int as n from ${from} where ${where}`,
    rows: (page) => sql<{ id: string }>`select s.post_id as id from ${from} where ${where}
      order by ${order(q, sql`s.published_at`, sql`p.views`, sql`s.post_id`)} limit ${page.limit} offset ${page.offset}`,
  }
}

async function postgresSnippets(db: Db, words: string[], ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const options = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=28, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "`
  const rows = await sql<{ id: string; snippet: string }>`select post_id as id, ts_headline('simple', body, to_tsquery('simple', blog_fold(${tsQuery(words)})), ${options}) as snippet
    from post_search where post_id in (${sql.join(ids)})`.execute(db)
  return new Map(rows.rows.map((r) => [r.id, r.snippet]))
}
