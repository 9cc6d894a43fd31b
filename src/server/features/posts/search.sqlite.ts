import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/client.ts'
import { wantedFacets } from './search-facets.ts'
import { NEWEST } from './search-order-key.ts'
import {
  countBound,
  countedTo,
  countLimit,
  countOf,
  docsOf,
  sortCap,
  tieredPage,
  type Found,
  type FoundDoc,
  type Page,
  type SearchQuery,
  type Tier,
  type TierStatements,
} from './search-tiers.ts'

// SQLite: FTS5 over post_search (whole posts, and titles alone), rows numbered by time and visibility, the newest
// first (search-order-key.ts), without positions, with prefix indexes up to 12 letters (docs/decisions/015, 016).

/** FTS5: each word a quoted string (never syntax; one token, search-words.ts), all required, the last a prefix. */
const fts5Words = (words: string[]) =>
  words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ')

/** The columns readers' words are looked for in (never the facets). */
const TEXT = '{title excerpt body tags}'

/**
 * The words in the tier's columns, and the wanted facets (search-facets.ts). The title tier reads the title-only index
 * unless the search is narrowed: facets are in the whole-post index alone.
 */
function fts5Match(q: SearchQuery, tier: Tier): string {
  const words = fts5Words(q.words)
  const facets = wantedFacets(q).map((f) => `facets : "${f}"`)
  if (tier === 'title' && !facets.length) return words
  const text =
    tier === 'title'
      ? `title : (${words})`
      : tier === 'rest'
        ? `${TEXT} : (${words}) NOT title : (${words})`
        : `${TEXT} : (${words})`
  return facets.length ? [`(${text})`, ...facets].join(' AND ') : text
}

/**
 * The post's place in time, newest highest: published rows are numbered NEWEST - the time key, the others -1 - the
 * time key (search-order-key.ts). A search of one side orders by the row number itself, which FTS5 walks without
 * sorting, the newest first in ascending order.
 */
const PUBLISHED_TIME = sql<number>`(${sql.raw(String(NEWEST))} - f.rowid)`
function timeKey(q: SearchQuery): RawBuilder<number> {
  if (q.status === 'published') return PUBLISHED_TIME
  return q.status ? sql`(-1 - f.rowid)` : sql`(case when f.rowid >= 0 then ${PUBLISHED_TIME} else -1 - f.rowid end)`
}

/** Which side of 0 the status reads: public searches never read an unpublished post's entries. */
function visibility(q: SearchQuery): RawBuilder<unknown>[] {
  if (q.status === 'published') return [sql`f.rowid >= 0`]
  return q.status ? [sql`f.rowid < 0`, sql`s.status = ${q.status}`] : []
}

/**
 * The statements of one tier of a search on SQLite (exported for the query-plan tests). Newest first is the index's
 * own order, read from the start, and a page stops as soon as it is full; only `popular` sorts its matches (a public
 * one with many walks the views index instead: popularWalk). The title tier reads the title-only index.
 */
export function sqliteSearchStatements(q: SearchQuery, tier: Tier): TierStatements {
  const index = sql.raw(tier === 'title' && !wantedFacets(q).length ? 'post_title_fts' : 'post_search_fts')
  const joins: RawBuilder<unknown>[] = [sql`join post_search s on s.id = f.rowid`]
  if (q.sort === 'popular') joins.push(sql`join posts p on p.id = s.post_id`)
  const conditions: RawBuilder<unknown>[] = [sql`f.${index} match ${fts5Match(q, tier)}`, ...visibility(q)]
  const from = sql`${index} f ${sql.join(joins, sql` `)}`
  const where = sql.join(conditions, sql` and `)
  const key = timeKey(q)
  // Public searches by views in the views index's own order (popularWalk reads it).
  const byViews =
    q.status === 'published' ? sql`p.views desc, p.published_at desc, p.id desc` : sql`p.views desc, ${key} desc`
  const ordering = q.sort === 'oldest' ? sql`f.rowid desc` : q.sort === 'popular' ? byViews : sql`f.rowid asc`
  // Only a status other than published needs post_search to count: the row number and the facets filter the rest.
  const countFrom = q.status && q.status !== 'published' ? from : sql`${index} f`
  const select = sql`select s.post_id as id, s.title, s.excerpt, s.body, s.tags, ${key} as k from ${from} where ${where}`
  return {
    count: (limit) =>
      sql<{ n: number }>`select count(*) as n from (select 1 from ${countFrom} where ${where} limit ${limit})`,
    rows: (page) =>
      q.status === null && q.sort !== 'popular'
        ? eitherSideOfZero(select, q.sort === 'oldest', page)
        : sql<FoundDoc>`${select} order by ${ordering} limit ${page.limit} offset ${page.offset}`,
  }
}

/**
 * Every status in time order: published rows (from 0 up) and the others (below 0), each side newest first in
 * ascending order, read in the index's order as far as the page's end, then merged, so neither side is sorted whole.
 */
function eitherSideOfZero(select: RawBuilder<unknown>, oldest: boolean, page: Page): RawBuilder<FoundDoc> {
  const side = (range: RawBuilder<unknown>) =>
    sql`select * from (${select} and ${range} order by f.rowid ${sql.raw(oldest ? 'desc' : 'asc')} limit ${page.offset + page.limit})`
  return sql<FoundDoc>`select * from (${side(sql`f.rowid >= 0`)} union all ${side(sql`f.rowid < 0`)})
    order by k ${sql.raw(oldest ? 'asc' : 'desc')} limit ${page.limit} offset ${page.offset}`
}

/**
 * A first page in one statement: its rows (title matches, then the rest, for `latest`) with the count of the matches
 * (as far as `bound`). SQLite counts a subquery that does not depend on the row once.
 */
function firstPageStatement(q: SearchQuery, limit: number, bound: number): RawBuilder<FoundDoc & { total: number }> {
  const all = sqliteSearchStatements(q, 'all')
  const page = { limit, offset: 0 }
  const rows =
    q.sort === 'latest'
      ? sql`select * from (select 0 as tier, * from (${sqliteSearchStatements(q, 'title').rows(page)})
          union all select 1 as tier, * from (${sqliteSearchStatements(q, 'rest').rows(page)})) order by tier, k desc limit ${limit}`
      : all.rows(page)
  return sql<
    FoundDoc & { total: number }
  >`select d.id, d.title, d.excerpt, d.body, d.tags, (${all.count(bound)}) as total from (${rows}) d`
}

/**
 * Walking the views index costs about 6 times as much a post as sorting a match (each post walked is looked up in
 * the full-text index by its row number: ~17 µs against ~3 µs at 100,000 posts), so few matches are sorted and many
 * walked (sortCap, as on PostgreSQL).
 */
const WALK_COST = 6

/** Published matches by views: the views index walked from the top, each post tested against the full-text index. */
export function popularWalk(q: SearchQuery, page: Page): RawBuilder<FoundDoc> {
  const conditions: RawBuilder<unknown>[] = [
    sql`p.status = 'published'`,
    sql`exists (select 1 from post_search_fts f where f.post_search_fts match ${fts5Match(q, 'all')} and f.rowid = s.id)`,
  ]
  // The facet already holds a post to its category; this lets the category's own views index be walked.
  if (q.categoryId !== undefined) conditions.push(sql`p.category_id = ${q.categoryId}`)
  return sql<FoundDoc>`select s.post_id as id, s.title, s.excerpt, s.body, s.tags from posts p join post_search s on s.post_id = p.id
    where ${sql.join(conditions, sql` and `)} order by p.views desc, p.published_at desc, p.id desc limit ${page.limit} offset ${page.offset}`
}

/**
 * A public search by views: the matches counted one past the cap (or to the bound), then few sorted and many found by
 * walking the views index.
 */
async function searchPopular(db: Db, q: SearchQuery, page: Page): Promise<Found> {
  const all = sqliteSearchStatements(q, 'all')
  // The cap read once (as on PostgreSQL), then counted to.
  const cap = sql<number>`(select cap from k)`
  const statement = sql<{
    n: number
    cap: number
  }>`with k as materialized (select ${sortCap(WALK_COST, page)} as cap) select (${all.count(countLimit(cap, page))}) as n, ${cap} as cap`
  const counts = (await statement.execute(db)).rows[0]!
  const counted = countedTo(counts.n, countBound(page))
  if (page.offset >= counted.total) return { docs: [], ...counted }
  return { docs: await docsOf(db, counts.n <= counts.cap ? all.rows(page) : popularWalk(q, page)), ...counted }
}

export async function searchSqlite(db: Db, q: SearchQuery, page: Page): Promise<Found> {
  if (q.sort === 'popular' && q.status === 'published') return searchPopular(db, q, page)
  const bound = countBound(page)
  if (page.offset === 0) {
    const rows = (await firstPageStatement(q, page.limit, bound).execute(db)).rows
    return { docs: rows.map(({ total: _, ...doc }) => doc), ...countedTo(Number(rows[0]?.total ?? 0), bound) }
  }
  // A page past the end is the empty state, answered from the count alone.
  const counted = countedTo(await countOf(db, sqliteSearchStatements(q, 'all').count(bound)), bound)
  return { docs: page.offset < counted.total ? await tieredPage(db, sqliteSearchStatements, q, page) : [], ...counted }
}
