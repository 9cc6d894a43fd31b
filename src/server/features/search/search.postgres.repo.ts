import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/client.ts'
import { withIndexedSearch } from '../../db/postgres-tuning.ts'
import { wantedFacets } from './search-facets.ts'
import {
  countBound,
  countedTo,
  docsIn,
  type Found,
  type FoundDoc,
  type Page,
  type SearchQuery,
} from './search-query.ts'

// PostgreSQL: post_search.document, one tsvector of the post's words and facets with one GIN index
// (db/search-document.postgres.ts).

/** Text that needs no folding beyond lower case (search words hold no control characters). */
const ASCII = /^[ -~]*$/

/**
 * tsquery: each word a quoted lexeme (never syntax), all required, the last a prefix, and the wanted facets ('#'
 * lexemes, which no search word holds). The `simple` configuration lowercases, which is all the folding ASCII needs;
 * other words are folded by blog_fold, as the documents were.
 */
function tsQuery(q: SearchQuery): RawBuilder<unknown> {
  const text = q.words.map((w, i) => `'${w.replace(/'/g, "''")}'${i === q.words.length - 1 ? ':*' : ''}`).join(' & ')
  const words = ASCII.test(text) ? sql`to_tsquery('simple', ${text})` : sql`to_tsquery('simple', blog_fold(${text}))`
  const facets = wantedFacets(q)
  return facets.length ? sql`(${words} && ${facets.map((f) => `'#${f}'`).join(' & ')}::tsquery)` : words
}

/** Title matches first for `latest` (title_document is small and stored in the row: no document is unpacked). */
function ordering(q: SearchQuery, at: string): RawBuilder<unknown> {
  const by = (column: string) => sql.ref(`${at}.${column}`)
  if (q.sort === 'oldest') return sql`${by('published_at')} asc, ${by('post_id')} asc`
  const newest = sql`${by('published_at')} desc, ${by('post_id')} desc`
  if (q.sort === 'popular') return sql`${by('views')} desc, ${newest}`
  return sql`${by('in_title')} desc, ${newest}`
}

/**
 * A public page by views: published posts from the top of the views index, each one a match of the search. The
 * planner walks that index and tests each post while the matches are many (a page is found after a few dozen), and
 * sorts the matches while they are few.
 */
function popularPage(query: RawBuilder<unknown>, page: Page): RawBuilder<unknown> {
  return sql`select p.id as post_id, p.published_at, p.views from posts p
    where p.status = 'published' and p.id in (select s.post_id from post_search s where s.document @@ ${query})
    order by p.views desc, p.published_at desc, p.id desc limit ${page.limit} offset ${page.offset}`
}

/**
 * One statement: the matches found from the GIN index (materialized, so they are never found by walking a date index
 * and testing each post), counted as far as the bound, and the page of them sorted; the page's texts are read last.
 * At least one row comes back: with no page, its id is null.
 */
export function postgresSearchStatement(q: SearchQuery, page: Page): RawBuilder<Partial<FoundDoc> & { total: number }> {
  const query = tsQuery(q)
  const publicByViews = q.sort === 'popular' && q.status === 'published'
  const views =
    q.sort === 'popular' && !publicByViews ? sql`(select p.views from posts p where p.id = s.post_id)` : sql`0`
  const status = q.status ? sql` and s.status = ${q.status}` : sql``
  const paged = publicByViews
    ? popularPage(query, page)
    : sql`select * from m order by ${ordering(q, 'm')} limit ${page.limit} offset ${page.offset}`
  return sql<Partial<FoundDoc> & { total: number }>`with m as materialized (
      select s.post_id, s.published_at, s.title_document @@ ${query} as in_title, ${views} as views
      from post_search s where s.document @@ ${query}${status}
    ),
    c as (select count(*)::int as n from (select 1 from m limit ${countBound(page)}) b),
    f as (${paged})
    select c.n as total, s.post_id as id, s.title, s.excerpt, s.body, s.tags
    from c left join (f join post_search s on s.post_id = f.post_id) on true
    order by ${ordering(q, 'f')}`
}

/** The newest posts a sample reads (30 unpacked documents, about 0.3 ms), and how many a window reads at most. */
const SAMPLE = 30
const WINDOW = 2000

/** For `latest` the newest posts, for `oldest` the oldest: the end of the date index a public search pages from. */
const fromEnd = (q: SearchQuery) => (q.sort === 'oldest' ? sql`asc` : sql`desc`)

/** How many of the SAMPLE newest published posts match (the oldest for `oldest`), and how many by their title. */
function sampleStatement(q: SearchQuery): RawBuilder<{ n: number; titles: number }> {
  const query = tsQuery(q)
  const dir = fromEnd(q)
  return sql<{ n: number; titles: number }>`select count(*) filter (where s.document @@ ${query})::int as n,
      count(*) filter (where s.title_document @@ ${query})::int as titles
    from (
      select document, title_document from post_search where status = 'published'
      order by published_at ${dir}, post_id ${dir} limit ${SAMPLE}
    ) s`
}

/**
 * Whether the sample promises that the window settles the page: the bound's worth of matches within WINDOW posts
 * and, for `latest`, title matches enough among them for the page.
 */
function windowLikely(q: SearchQuery, page: Page, sample: { n: number; titles: number }): boolean {
  const bound = countBound(page)
  if (sample.n / SAMPLE < bound / WINDOW + 0.1) return false
  return q.sort === 'oldest' || (sample.titles / sample.n) * bound >= page.offset + page.limit
}

/**
 * A public search's page from the newest published posts (the oldest for `oldest`), read in order by the date index
 * until the count's bound of matches is found or WINDOW posts are read; `titles` is how many of those matches hold
 * the words in their title. Read as postgresSearchStatement's result, it is the answer when the bound is reached and,
 * for `latest`, the page holds title matches alone: those are then the newest title matches of the whole blog.
 */
export function newestSearchStatement(
  q: SearchQuery,
  page: Page,
): RawBuilder<Partial<FoundDoc> & { total: number; titles: number }> {
  const query = tsQuery(q)
  const dir = fromEnd(q)
  return sql<Partial<FoundDoc> & { total: number; titles: number }>`with w as (
      select post_id, published_at, in_title, 0 as views from (
        select s.post_id, s.published_at, s.document @@ ${query} as hit, s.title_document @@ ${query} as in_title
        from post_search s where s.status = 'published'
        order by s.published_at ${dir}, s.post_id ${dir} limit ${WINDOW}
      ) n where hit limit ${countBound(page)}
    ),
    c as (select count(*)::int as n, (count(*) filter (where in_title))::int as titles from w),
    f as (select * from w order by ${ordering(q, 'w')} limit ${page.limit} offset ${page.offset})
    select c.n as total, c.titles, s.post_id as id, s.title, s.excerpt, s.body, s.tags
    from c left join (f join post_search s on s.post_id = f.post_id) on true
    order by ${ordering(q, 'f')}`
}

/**
 * A public search by date that most of the newest posts match (a short prefix of a common word) is answered from
 * the newest posts: reading every match from the GIN index and sorting them costs about 0.8 ms per 1,000 matches,
 * nearly every post of a large blog for such a word. A sample of the newest posts says whether the window is worth
 * reading; a word the window does not settle goes to the index (docs/decisions/099).
 */
export async function searchNewest(conn: Db, q: SearchQuery, page: Page): Promise<Found | null> {
  if (q.status !== 'published' || q.sort === 'popular') return null
  const bound = countBound(page)
  if (!windowLikely(q, page, (await sampleStatement(q).execute(conn)).rows[0]!)) return null
  const rows = (await newestSearchStatement(q, page).execute(conn)).rows
  const { total, titles } = rows[0]!
  const settled = total >= bound && (q.sort === 'oldest' || titles >= page.offset + page.limit)
  return settled ? { docs: docsIn(rows), ...countedTo(total, bound) } : null
}

export async function searchPostgres(db: Db, q: SearchQuery, page: Page): Promise<Found> {
  return withIndexedSearch(db, async (conn) => {
    const newest = await searchNewest(conn, q, page)
    if (newest) return newest
    const rows = (await postgresSearchStatement(q, page).execute(conn)).rows
    return { docs: docsIn(rows), ...countedTo(rows[0]!.total, countBound(page)) }
  })
}
