import { sql, type RawBuilder } from 'kysely'
import { sliceCondition, type Slice } from './search-slices.postgres.ts'
import { countBound, countedTo, type FoundDoc, type Page, type SearchQuery } from './search-tiers.ts'

/** `more`: the list goes on past the page. */
export type SlicedRow = Partial<FoundDoc> & { total: number; more: boolean }

/**
 * The page's matches read this many slices one by one from the end a search starts at (the newest, or the oldest);
 * what lies beyond them is read from the whole table's indexes as one part, whose bitmap holds the words' postings
 * across the blog. A page gets that far only when its words are rare there (fewer than a page of matches in 32,000
 * to 64,000 posts). Over the bench's searches 4, 8 and 12 cost the same on average (docs/decisions/096).
 */
export const NEAR_SLICES = 8
/**
 * The count reads at most this many slices, the nearest, one by one (32,000 to 64,000 posts), and stops there. Past
 * them a search's count would read its words' postings in every older slice, a cost that grows with the blog for
 * every search with fewer than 1,000 matches (docs/decisions/098). A blog of this many slices or fewer is counted
 * whole; past them, a count that stops short of its bound is exact only on the page that shows the last match.
 */
export const COUNTED_SLICES = NEAR_SLICES
/**
 * The title matches read this many slices one by one, then the rest. A title is a few words, so a word's title
 * postings are a few hundredths of its body postings and the rest's bitmap of them is small; what costs is a part's
 * set-up and scan, and most searches read every part of this list, having few title matches. Two cost 0.1 ms a
 * search less than eight at 100,000 posts, and no more than one (docs/decisions/096).
 */
export const TITLE_NEAR_SLICES = 2

/** Whether the count reads every slice, or stops at COUNTED_SLICES of them. */
const countsEverySlice = (slices: Slice[]) => slices.length <= COUNTED_SLICES

/**
 * A sliced search's reported count: countedTo's (docs/decisions/016) when the count read every slice or reached its
 * bound. A count that stopped at COUNTED_SLICES short of its bound knows the matches there, not past them: while the
 * list goes on past the page there are at least one more than the page's end; on the page that shows the last match,
 * exactly the matches before it and on it.
 */
export function slicedCount(
  n: number,
  more: boolean,
  shown: number,
  page: Page,
  slices: Slice[],
): { total: number; exact: boolean } {
  const bound = countBound(page)
  if (n >= bound || countsEverySlice(slices)) return countedTo(n, bound)
  if (more) return { total: Math.max(n, page.offset + page.limit + 1), exact: false }
  // No match on the page and none past it: none at all on the first page, else a page past the end.
  return shown ? { total: page.offset + shown, exact: true } : { total: n, exact: page.offset === 0 }
}

/**
 * A public search by date (latest or oldest), read from published_search_words in time slices (search-slices),
 * each list in the order of the search, from its end.
 * - The count: matches as far as countBound, from the COUNTED_SLICES nearest slices one by one, and no further; no
 *   later part is read once there are that many.
 * - The matches: from the NEAR_SLICES nearest slices one by one, then the rest of the table, each part's first
 *   `offset + limit + 1` (one past the page, so `more` tells whether the list goes on), and no later part once that
 *   many are found.
 * - By `latest`, the title matches the same way from the TITLE_NEAR_SLICES nearest, first: the page is the title
 *   matches then the other matches, each newest first. The first `offset + limit + 1` of either list are enough for
 *   any page ending there: a match that is not a title match, at place p of the page order, has at most p matches
 *   newer than it in the full list.
 * A slice's part is a bitmap of its partial index and a sort of its matches, whatever the words, so the statement
 * keeps one generic plan (its words are parameters), planned once per connection.
 */
export function slicedSearchStatement(
  q: SearchQuery,
  page: Page,
  slices: Slice[],
  query: RawBuilder<unknown>,
  facets?: RawBuilder<unknown>,
): RawBuilder<SlicedRow> {
  const end = page.offset + page.limit + 1
  const dir = sql.raw(q.sort === 'oldest' ? 'asc' : 'desc')
  const ordered = q.sort === 'oldest' ? slices : [...slices].reverse()
  // The nearest `count` slices, then everything older than the last of them (or newer, by `oldest`) as one range.
  const nearest = (count: number): Slice[] => {
    const taken = ordered.slice(0, count)
    const last = taken.at(-1)!
    return ordered.length > count ? [...taken, q.sort === 'oldest' ? { from: last.to } : { to: last.from }] : taken
  }
  const found = sql`words @@ (select found from k)`
  // Title words carry the facets too, so a narrowed search's title matches are read from one index.
  const inTitle = sql`title_words @@ (select found from k)`
  const within = (range: Slice) => sql.raw(sliceCondition(range))
  const parts = (where: RawBuilder<unknown>, ranges: Slice[]) =>
    sql.join(
      ranges.map(
        (range) =>
          sql`(select post_id, published_at from published_search_words where ${where} and ${within(range)} order by published_at ${dir}, post_id ${dir} limit ${end})`,
      ),
      sql` union all `,
    )
  // On a blog of COUNTED_SLICES slices or fewer these are all of them, the last reaching the blog's far end.
  const counted = sql.join(
    ordered
      .slice(0, COUNTED_SLICES)
      .map((range) => sql`select from published_search_words where ${found} and ${within(range)}`),
    sql` union all `,
  )
  const titled = q.sort === 'latest'
  const titles = titled
    ? sql`, t as materialized (select post_id, published_at, 0 as tier from (${parts(inTitle, nearest(TITLE_NEAR_SLICES))}) x limit ${end})`
    : sql``
  const matches = sql`select post_id, published_at, 1 as tier from (${parts(found, nearest(NEAR_SLICES))}) x limit ${end}`
  const listed = titled
    ? sql`select * from t union all select * from (${matches}) a where a.post_id not in (select post_id from t)`
    : matches
  const order = (at: string) =>
    sql`${sql.ref(`${at}.tier`)}, ${sql.ref(`${at}.published_at`)} ${dir}, ${sql.ref(`${at}.post_id`)} ${dir}`
  return sql<SlicedRow>`with k as materialized (select ${facets ? sql`${query} && ${facets}` : query} as found),
    c as materialized (select count(*)::int as n from (${counted} limit ${countBound(page)}) x)${titles},
    f as materialized (select * from (${listed}) l order by ${order('l')} limit ${page.limit + 1} offset ${page.offset}),
    g as (select * from f order by ${order('f')} limit ${page.limit})
    select c.n as total, (select count(*) from f) > ${page.limit} as more, s.post_id as id, s.title, s.excerpt, s.body, s.tags
    from c left join (g join post_search s on s.post_id = g.post_id) on true
    order by ${order('g')}`
}
