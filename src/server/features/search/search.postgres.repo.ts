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

export async function searchPostgres(db: Db, q: SearchQuery, page: Page): Promise<Found> {
  const statement = postgresSearchStatement(q, page)
  const rows = await withIndexedSearch(db, async (conn) => (await statement.execute(conn)).rows)
  return { docs: docsIn(rows), ...countedTo(rows[0]!.total, countBound(page)) }
}
