import { sql, type RawBuilder } from 'kysely'
import type { PostSort, PostStatus } from '#shared/schemas/post.ts'
import type { Db } from '../../db/client.ts'

export type SearchQuery = {
  /** Words as SQLite's tokenizer splits text (search-words.ts); the last one matches as a prefix. */
  words: string[]
  status: PostStatus | null
  categoryId?: string
  tagKey?: string
  sort: PostSort
}

export type Page = { limit: number; offset: number }

/** A found post's searchable texts, for its snippet. */
export type FoundDoc = { id: string; title: string; excerpt: string; body: string; tags: string }
/** `exact: false`: there are at least `total` matches, and counting stopped there (countBound). */
export type Found = { docs: FoundDoc[]; total: number; exact: boolean }

/**
 * Matches are counted as far as this many, or one past the page's end when that is further, so a search's cost
 * does not follow the blog's size: a word in 9 % of 100,000 posts would be counted 9,000 times for every page of it
 * (docs/decisions/016). The pager then knows there is a next page, and that the rest are at least this many.
 */
export const COUNT_LIMIT = 1000
export const countBound = (page: Page) => Math.max(COUNT_LIMIT, page.offset + page.limit + 1)
/** The reported count: exact below the bound, else "at least the bound". */
export const countedTo = (n: number, bound: number) => ({ total: Math.min(n, bound), exact: n < bound })

/**
 * Few matches are read and sorted; many are found by walking an index in the wanted order, which stops when the page
 * is full. A post walked costs `walkCost` times a match sorted, so matches are sorted while there are at most
 * sqrt(walkCost × posts walked), posts walked being the page's end × the published posts (docs/decisions/015).
 * The same SQL on both engines.
 */
export const sortCap = (walkCost: number, page: Page) =>
  sql<number>`(select cast(ceil(sqrt(${sql.lit(walkCost * (page.offset + page.limit))} * (case when max(n) > 1 then max(n) else 1 end))) as integer)
    from post_counts where key = 'published')`

/** How far a search that may walk counts: one past its cap (sort or walk?), or to the reported bound when further. */
export const countLimit = (cap: RawBuilder<number>, page: Page) => {
  const bound = sql.lit(countBound(page))
  return sql<number>`(case when ${cap} >= ${bound} then ${cap} + 1 else ${bound} end)`
}

/**
 * One part of a search: the matches (all, title only, or all but the title matches) with the filters, as a count
 * and as one page in the requested order. Both engines answer each from their full-text index.
 */
export type Tier = 'all' | 'title' | 'rest'
/** `count(limit)` counts matches as far as `limit` (countBound, countLimit). */
export type TierStatements = {
  rows: (page: Page) => RawBuilder<FoundDoc>
  count: (limit: number | RawBuilder<number>) => RawBuilder<{ n: number }>
}
export type Statements = (q: SearchQuery, tier: Tier) => TierStatements

export const docsOf = async (db: Db, statement: RawBuilder<FoundDoc>) => (await statement.execute(db)).rows
export const countOf = async (db: Db, statement: RawBuilder<{ n: number }>) =>
  Number((await statement.execute(db)).rows[0]?.n ?? 0)

/**
 * One page of matches, the total known. Ranking (docs/decisions/010): posts whose title holds every word first, then
 * the others, newest first within each; `oldest` and `popular` order all matches by date or views instead.
 */
export async function tieredPage(db: Db, statements: Statements, q: SearchQuery, page: Page): Promise<FoundDoc[]> {
  if (q.sort !== 'latest') return docsOf(db, statements(q, 'all').rows(page))
  const title = statements(q, 'title')
  // On the first page the title matches need no count: fewer than a page of them is all of them. Past the first, a
  // count that stops one past the page's end is enough: more title matches than that fill the page.
  const inTitle = page.offset > 0 ? await countOf(db, title.count(page.offset + page.limit + 1)) : undefined
  const first = inTitle === undefined || page.offset < inTitle ? await docsOf(db, title.rows(page)) : []
  const more = page.limit - first.length
  if (!more) return first
  const restOffset = Math.max(0, page.offset - (inTitle ?? 0))
  return [...first, ...(await docsOf(db, statements(q, 'rest').rows({ limit: more, offset: restOffset })))]
}
