import { sql, type RawBuilder } from 'kysely'
import { sliceCondition, type Slice } from './search-slices.postgres.ts'
import { countBound, type FoundDoc, type Page, type SearchQuery } from './search-tiers.ts'

export type SlicedRow = Partial<FoundDoc> & { total: number }

/**
 * Matches in the newest slice (4,000 to 8,000 posts) from which the other slices are counted one by one; with fewer,
 * the words are rare (under about 1 % of posts), and the whole-table index counts them faster than a part a slice.
 */
const FEW_TO_SLICE = 50

/**
 * A public search by date (latest or oldest), read slice by slice from published_search_words (search-slices):
 * - the count: the newest slice's matches, then the other slices' one after another, stopping at countBound (or,
 *   when the newest slice holds few, the whole table's, from its index);
 * - the matches: each slice's first `offset + limit` in order, newest slice first (oldest first by `oldest`), and
 *   no later slice is read once that many are found;
 * - by `latest`, the title matches the same way, first: the page is the title matches then the other matches, each
 *   newest first. The first `offset + limit` of either list are enough for any page ending there: a match that is
 *   not a title match, at place p of the page order, has at most p matches newer than it in the full list.
 * Each slice's part is a bitmap of its partial index and a sort of its few matches, whatever the words, so the
 * statement keeps one generic plan (its words are parameters), planned once per connection.
 */
export function slicedSearchStatement(q: SearchQuery, page: Page, slices: Slice[], query: RawBuilder<unknown>, facets?: RawBuilder<unknown>): RawBuilder<SlicedRow> {
  const end = page.offset + page.limit
  const dir = sql.raw(q.sort === 'oldest' ? 'asc' : 'desc')
  const ordered = q.sort === 'oldest' ? slices : [...slices].reverse()
  const found = sql`words @@ (select found from k)`
  // Title words carry the facets too, so a narrowed search's title matches are read from one index.
  const inTitle = sql`title_words @@ (select found from k)`
  const part = (where: RawBuilder<unknown>, slice: Slice) => sql`(select post_id, published_at from published_search_words where ${where} and ${sql.raw(sliceCondition(slice))}
    order by published_at ${dir}, post_id ${dir} limit ${end})`
  const parts = (where: RawBuilder<unknown>) => sql.join(ordered.map((slice) => part(where, slice)), sql` union all `)
  const inSlice = (slice: Slice) => sql`select 1 from published_search_words where ${found} and ${sql.raw(sliceCondition(slice))}`
  const bound = countBound(page)
  const [newest, ...older] = [...slices].reverse()
  const olderCounted = sql`(select count(*)::int from (${sql.join(older.map(inSlice), sql` union all `)} limit greatest(${bound} - (select n from c0), 0)) x)`
  const wholeCounted = sql`(select count(*)::int from (select 1 from published_search_words where ${found} limit ${bound}) x)`
  const counted = older.length
    ? sql`case when (select n from c0) >= ${FEW_TO_SLICE} then (select n from c0) + ${olderCounted} else ${wholeCounted} end`
    : sql`(select n from c0)`
  const titled = q.sort === 'latest'
  // Title matches are few (titles hold few words): unless the first slice has a page of them, the whole table's title
  // index lists them all, faster than a part a slice.
  const enoughTitles = sql`(select count(*) from t0) >= ${end}`
  const titles = titled
    ? sql`, t0 as materialized ${part(inTitle, ordered[0]!)},
      t as materialized (
        select post_id, published_at, 0 as tier from t0 where ${enoughTitles}
        union all
        select post_id, published_at, 0 from (select post_id, published_at from published_search_words where ${inTitle} order by published_at ${dir}, post_id ${dir} limit ${end}) w
        where not ${enoughTitles}
      )`
    : sql``
  const matches = sql`select post_id, published_at, 1 as tier from (${parts(found)}) x limit ${end}`
  const listed = titled ? sql`select * from t union all select * from (${matches}) a where a.post_id not in (select post_id from t)` : matches
  const order = (at: string) => sql`${sql.ref(`${at}.tier`)}, ${sql.ref(`${at}.published_at`)} ${dir}, ${sql.ref(`${at}.post_id`)} ${dir}`
  return sql<SlicedRow>`with k as materialized (select ${facets ? sql`${query} && ${facets}` : query} as found),
    c0 as materialized (select count(*)::int as n from (${inSlice(newest!)} limit ${bound}) x),
    c as materialized (select ${counted} as n)${titles},
    f as (select * from (${listed}) l order by ${order('l')} limit ${page.limit} offset ${page.offset})
    select c.n as total, s.post_id as id, s.title, s.excerpt, s.body, s.tags
    from c left join (f join post_search s on s.post_id = f.post_id) on true
    order by ${order('f')}`
}
