import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/client.ts'
import { wantedFacets } from './search-facets.ts'
import { NEWEST } from './search-order-key.ts'
import {
  countBound,
  countedTo,
  docsIn,
  type Found,
  type FoundDoc,
  type Page,
  type SearchQuery,
} from './search-query.ts'

// SQLite: FTS5 over post_search (whole posts, and titles alone), rows numbered by time and visibility, the newest
// first (search-order-key.ts).

/** FTS5: each word a quoted string (never syntax; one token, search-words.ts), all required, the last a prefix. */
const fts5Words = (words: string[]) =>
  words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ')

/** The words in the text columns (never the facets), and the wanted facets (search-facets.ts). */
function fts5Match(q: SearchQuery): string {
  const text = `{title excerpt body tags} : (${fts5Words(q.words)})`
  const facets = wantedFacets(q).map((f) => `facets : "${f}"`)
  return facets.length ? [`(${text})`, ...facets].join(' AND ') : text
}

/**
 * The post's place in time, newest highest: published rows are numbered NEWEST - the time key, the others -1 - the
 * time key (search-order-key.ts). Public searches never read an unpublished post's entries.
 */
const PUBLISHED_TIME = sql<number>`(${sql.raw(String(NEWEST))} - f.rowid)`
function timeAndVisibility(q: SearchQuery): { key: RawBuilder<number>; where: RawBuilder<unknown> } {
  if (q.status === 'published') return { key: PUBLISHED_TIME, where: sql`f.rowid >= 0` }
  if (q.status) return { key: sql`(-1 - f.rowid)`, where: sql`f.rowid < 0 and s.status = ${q.status}` }
  return { key: sql`(case when f.rowid >= 0 then ${PUBLISHED_TIME} else -1 - f.rowid end)`, where: sql`1 = 1` }
}

/** Title matches first for `latest`, then the newest; `oldest` and `popular` order every match by date or views. */
function ordering(q: SearchQuery, at: string): RawBuilder<unknown> {
  const by = (column: string) => sql.ref(`${at}.${column}`)
  if (q.sort === 'oldest') return sql`${by('k')} asc`
  if (q.sort === 'popular') return sql`${by('views')} desc, ${by('k')} desc`
  return sql`${by('in_title')} desc, ${by('k')} desc`
}

/**
 * One statement: the matches from the full-text index (materialized), counted as far as the bound, and the page of
 * them sorted; the page's texts are read last. At least one row comes back: with no page, its id is null.
 */
export function sqliteSearchStatement(q: SearchQuery, page: Page): RawBuilder<Partial<FoundDoc> & { total: number }> {
  const { key, where } = timeAndVisibility(q)
  const inTitle =
    q.sort === 'latest'
      ? sql`f.rowid in (select rowid from post_title_fts where post_title_fts match ${fts5Words(q.words)})`
      : sql`0`
  const views = q.sort === 'popular' ? sql`(select p.views from posts p where p.id = s.post_id)` : sql`0`
  // post_search is read for each match only when a status other than published or the views need it.
  const rows =
    q.sort === 'popular' || (q.status && q.status !== 'published') ? sql` join post_search s on s.id = f.rowid` : sql``
  return sql<Partial<FoundDoc> & { total: number }>`with m as materialized (
      select f.rowid as rid, ${key} as k, ${inTitle} as in_title, ${views} as views
      from post_search_fts f${rows}
      where f.post_search_fts match ${fts5Match(q)} and ${where}
    ),
    c as (select count(*) as n from (select 1 from m limit ${countBound(page)})),
    f as (select * from m order by ${ordering(q, 'm')} limit ${page.limit} offset ${page.offset})
    select c.n as total, s.post_id as id, s.title, s.excerpt, s.body, s.tags
    from c left join (f join post_search s on s.id = f.rid) on true
    order by ${ordering(q, 'f')}`
}

/**
 * A public page by views when the matches are many: the views index walked from the top, each post looked up in the
 * full-text index by its row number, until the page is full (at 1,000 matches in 20,000 posts, a few hundred posts).
 */
export function sqliteViewsWalk(q: SearchQuery, page: Page): RawBuilder<Partial<FoundDoc> & { total: number }> {
  return sql<
    Partial<FoundDoc> & { total: number }
  >`select ${countBound(page)} as total, s.post_id as id, s.title, s.excerpt, s.body, s.tags
    from posts p join post_search s on s.post_id = p.id
    where p.status = 'published'
      and exists (select 1 from post_search_fts f where f.post_search_fts match ${fts5Match(q)} and f.rowid = s.id)
    order by p.views desc, p.published_at desc, p.id desc limit ${page.limit} offset ${page.offset}`
}

export async function searchSqlite(db: Db, q: SearchQuery, page: Page): Promise<Found> {
  if (q.sort === 'popular' && q.status === 'published') {
    // Sorting every match costs two lookups a match; past the bound, walking the views index costs less.
    const count = sql<{ n: number }>`select count(*) as n from (select 1 from post_search_fts f
      where f.post_search_fts match ${fts5Match(q)} and f.rowid >= 0 limit ${countBound(page)})`
    const n = Number((await count.execute(db)).rows[0]!.n)
    if (n >= countBound(page)) {
      const walked = (await sqliteViewsWalk(q, page).execute(db)).rows
      return { docs: docsIn(walked), ...countedTo(n, countBound(page)) }
    }
  }
  const rows = (await sqliteSearchStatement(q, page).execute(db)).rows
  return { docs: docsIn(rows), ...countedTo(Number(rows[0]!.total), countBound(page)) }
}
