import { sql, type RawBuilder } from 'kysely'
import { sliceCondition, type Slice } from './search-slices.postgres.ts'
import { countBound, type FoundDoc, type Page, type SearchQuery } from './search-tiers.ts'

export type SlicedRow = Partial<FoundDoc> & { total: number }

/**
 * The page's matches read this many slices one by one from the end a search starts at (the newest, or the oldest);
 * what lies beyond them is read from the whole table's indexes as one part, whose bitmap holds the words' postings
 * across the blog. A page gets that far only when its words are rare there (fewer than a page of matches in 32,000
 * to 64,000 posts). Over the bench's searches 4, 8 and 12 cost the same on average (docs/decisions/096).
 */
export const NEAR_SLICES = 8
/**
 * The count reads this many slices one by one, so a search with 1,000 matches anywhere in them stops in the slice
 * where it has them instead of reading the whole table's bitmap: 192,000 to 384,000 posts. Each part costs its
 * executor set-up at every run (about 10 µs, read or not), and the statement must stay within MAX_NAMED_LENGTH to
 * keep its one plan (named-statements.ts); a larger blog counts what lies beyond them as one part.
 */
export const COUNTED_SLICES = 48
/**
 * The title matches read this many slices one by one, then the rest. A title is a few words, so a word's title
 * postings are a few hundredths of its body postings and the rest's bitmap of them is small; what costs is a part's
 * set-up and scan, and most searches read every part of this list, having few title matches. Two cost 0.1 ms a
 * search less than eight at 100,000 posts, and no more than one (docs/decisions/096).
 */
export const TITLE_NEAR_SLICES = 2

/**
 * A public search by date (latest or oldest), read from published_search_words in time slices (search-slices),
 * each list in the order of the search, from its end.
 * - The count: matches as far as countBound, from the COUNTED_SLICES nearest slices one by one, then the rest of the
 *   table; no later part is read once there are that many.
 * - The matches: from the NEAR_SLICES nearest slices one by one, then the rest of the table, each part's first
 *   `offset + limit`, and no later part once that many are found.
 * - By `latest`, the title matches the same way from the TITLE_NEAR_SLICES nearest, first: the page is the title
 *   matches then the other matches, each newest first. The first `offset + limit` of either list are enough for any
 *   page ending there: a match that is not a title match, at place p of the page order, has at most p matches newer
 *   than it in the full list.
 * A slice's part is a bitmap of its partial index and a sort of its matches, whatever the words, so the statement
 * keeps one generic plan (its words are parameters), planned once per connection.
 */
export function slicedSearchStatement(q: SearchQuery, page: Page, slices: Slice[], query: RawBuilder<unknown>, facets?: RawBuilder<unknown>): RawBuilder<SlicedRow> {
  const end = page.offset + page.limit
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
      ranges.map((range) => sql`(select post_id, published_at from published_search_words where ${where} and ${within(range)} order by published_at ${dir}, post_id ${dir} limit ${end})`),
      sql` union all `,
    )
  const counted = sql.join(nearest(COUNTED_SLICES).map((range) => sql`select from published_search_words where ${found} and ${within(range)}`), sql` union all `)
  const titled = q.sort === 'latest'
  const titles = titled ? sql`, t as materialized (select post_id, published_at, 0 as tier from (${parts(inTitle, nearest(TITLE_NEAR_SLICES))}) x limit ${end})` : sql``
  const matches = sql`select post_id, published_at, 1 as tier from (${parts(found, nearest(NEAR_SLICES))}) x limit ${end}`
  const listed = titled ? sql`select * from t union all select * from (${matches}) a where a.post_id not in (select post_id from t)` : matches
  const order = (at: string) => sql`${sql.ref(`${at}.tier`)}, ${sql.ref(`${at}.published_at`)} ${dir}, ${sql.ref(`${at}.post_id`)} ${dir}`
  return sql<SlicedRow>`with k as materialized (select ${facets ? sql`${query} && ${facets}` : query} as found),
    c as materialized (select count(*)::int as n from (${counted} limit ${countBound(page)}) x)${titles},
    f as (select * from (${listed}) l order by ${order('l')} limit ${page.limit} offset ${page.offset})
    select c.n as total, s.post_id as id, s.title, s.excerpt, s.body, s.tags
    from c left join (f join post_search s on s.post_id = f.post_id) on true
    order by ${order('f')}`
}
