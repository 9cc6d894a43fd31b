import { PostgresAdapter, sql, type RawBuilder } from 'kysely'
import type { PostSort, PostStatus, Snippet } from '#shared/schemas/post.ts'
import type { Db } from '../../db/client.ts'
import { snippetOf } from './search-snippet.ts'

export type SearchQuery = {
  /** Words (letters and digits only); the last one matches as a prefix. */
  words: string[]
  status: PostStatus | null
  categoryId?: string
  tagKey?: string
  sort: PostSort
}

export type SearchHit = { id: string; snippet: Snippet | undefined }
type Page = { limit: number; offset: number }

/**
 * One part of a search: the matches (all, title only, or all but the title matches) with the filters, as a count
 * and as one page in the requested order. Both engines answer each from their full-text index.
 */
type Tier = 'all' | 'title' | 'rest'
type TierStatements = { rows: (page: Page) => RawBuilder<{ id: string }>; count: RawBuilder<{ n: number }> }

/** What differs between the engines: the statements, and how a search runs them. */
type Engine = { statements: (q: SearchQuery, tier: Tier) => TierStatements; run: <T>(db: Db, search: (db: Db) => Promise<T>) => Promise<T> }

/**
 * Ranked full-text search (docs/decisions/010). Ranking: posts whose title holds every word first, then the
 * others; newest first within each. `oldest` and `popular` order all matches by date or views instead. Each page
 * is read from the newest (or oldest) match and stops when full, so its cost follows the page, not the number of
 * posts; only the count reads every match, and a first page that is not full needs no count.
 */
export async function searchPosts(db: Db, q: SearchQuery, page: Page): Promise<{ hits: SearchHit[]; total: number }> {
  if (!q.words.length) return { hits: [], total: 0 }
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? postgres : sqlite
  return engine.run(db, async (db) => {
    const { ids, total } = await pageAndTotal(db, engine, q, page)
    const snippets = await snippetsFor(db, q.words, ids)
    return { hits: ids.map((id) => ({ id, snippet: snippets.get(id) })), total }
  })
}

const idsOf = async (db: Db, statement: RawBuilder<{ id: string }>) => (await statement.execute(db)).rows.map((r) => r.id)
const countOf = async (db: Db, statement: RawBuilder<{ n: number }>) => Number((await statement.execute(db)).rows[0]?.n ?? 0)

async function pageAndTotal(db: Db, engine: Engine, q: SearchQuery, page: Page): Promise<{ ids: string[]; total: number }> {
  const all = engine.statements(q, 'all')
  if (page.offset === 0) {
    const ids = await pageIds(db, engine, q, page)
    // A first page that is not full holds every match.
    return { ids, total: ids.length < page.limit ? ids.length : await countOf(db, all.count) }
  }
  // A page past the end is the empty state, answered from the count alone.
  const total = await countOf(db, all.count)
  return { ids: page.offset < total ? await pageIds(db, engine, q, page) : [], total }
}

async function pageIds(db: Db, engine: Engine, q: SearchQuery, page: Page): Promise<string[]> {
  if (q.sort !== 'latest') return idsOf(db, engine.statements(q, 'all').rows(page))
  const title = engine.statements(q, 'title')
  // On the first page the title matches need no count: fewer than a page of them is all of them.
  const inTitle = page.offset > 0 ? await countOf(db, title.count) : undefined
  const first = inTitle === undefined || page.offset < inTitle ? await idsOf(db, title.rows(page)) : []
  const more = page.limit - first.length
  if (!more) return first
  const restOffset = Math.max(0, page.offset - (inTitle ?? 0))
  return [...first, ...(await idsOf(db, engine.statements(q, 'rest').rows({ limit: more, offset: restOffset })))]
}

/** Snippets for the page's posts only, from their searchable text (search-snippet.ts). */
async function snippetsFor(db: Db, words: string[], ids: string[]): Promise<Map<string, Snippet | undefined>> {
  if (!ids.length) return new Map()
  const docs = await db.selectFrom('post_search').select(['post_id', 'title', 'excerpt', 'body', 'tags']).where('post_id', 'in', ids).execute()
  return new Map(docs.map((d) => [d.post_id, snippetOf([d.body, d.excerpt, d.title, d.tags], words)]))
}

// ---------------------------------------------------------------------------------------------------------------
// SQLite: FTS5 over post_search (whole posts, and titles alone), with prefix indexes and the status as a column.

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
 * page stops as soon as it is full; only `popular` sorts its matches. The title tier reads the title-only index,
 * whose lists hold titles only.
 */
export function sqliteSearchStatements(q: SearchQuery, tier: Tier): TierStatements {
  const index = sql.raw(tier === 'title' ? 'post_title_fts' : 'post_search_fts')
  const match = fts5Match(q, tier)
  const joins: RawBuilder<unknown>[] = [sql`join post_search s on s.id = f.rowid`]
  if (q.categoryId !== undefined || q.sort === 'popular') joins.push(sql`join posts p on p.id = s.post_id`)
  const conditions: RawBuilder<unknown>[] = [sql`f.${index} match ${match}`]
  if (q.categoryId !== undefined) conditions.push(sql`p.category_id = ${q.categoryId}`)
  if (q.tagKey !== undefined) conditions.push(sql`exists (select 1 from post_tags t where t.post_id = s.post_id and t.tag_key = ${q.tagKey})`)
  const from = sql`${index} f ${sql.join(joins, sql` `)}`
  const where = sql.join(conditions, sql` and `)
  const filtered = conditions.length > 1
  const ordering =
    q.sort === 'oldest' ? sql`f.rowid asc` : q.sort === 'popular' ? sql`p.views desc, f.rowid desc` : sql`f.rowid desc`
  return {
    // Unfiltered, the index alone knows the count.
    count: filtered
      ? sql<{ n: number }>`select count(*) as n from ${from} where ${where}`
      : sql<{ n: number }>`select count(*) as n from ${index} f where ${where}`,
    rows: (page) => sql<{ id: string }>`select s.post_id as id from ${from} where ${where} order by ${ordering} limit ${page.limit} offset ${page.offset}`,
  }
}

const sqlite: Engine = { statements: sqliteSearchStatements, run: (db, search) => search(db) }

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
  const ordering =
    q.sort === 'oldest' ? sql`s.published_at asc, s.post_id asc` : q.sort === 'popular' ? sql`p.views desc, s.published_at desc, s.post_id desc` : sql`s.published_at desc, s.post_id desc`
  return {
    count: sql<{ n: number }>`select count(*)::int as n from ${from} where ${where}`,
    rows: (page) => sql<{ id: string }>`select s.post_id as id from ${from} where ${where} order by ${ordering} limit ${page.limit} offset ${page.offset}`,
  }
}

const postgres: Engine = {
  statements: postgresSearchStatements,
  // PostgreSQL thinks a word found in every post is cheapest to test row by row, which unpacks every stored
  // document (0.3 s at 20,000 posts); the GIN index's own list of posts answers the same count in ~10 ms.
  run: (db, search) =>
    db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      return search(trx)
    }),
}
