import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/client.ts'
import { PLAN_EACH_RUN } from '../../db/named-statements.ts'
import { wantedFacets } from './search-facets.ts'
import { slicedCount, slicedSearchStatement, type SlicedRow } from './search-sliced.postgres.ts'
import { searchSlices, type Slice } from './search-slices.postgres.ts'
import {
  countBound,
  countedTo,
  countLimit,
  docsOf,
  sortCap,
  tieredPage,
  type Found,
  type FoundDoc,
  type Page,
  type SearchQuery,
  type Statements,
  type Tier,
  type TierStatements,
} from './search-tiers.ts'

// PostgreSQL: tsvector documents with GIN indexes, one for the whole post and one for the title.

/** Text that needs no folding beyond lower case (search words hold no control characters). */
const ASCII = /^[ -~]*$/
/**
 * Walking the date index costs about 30 times more a post than reading a match from the full-text index (each post
 * walked unpacks its stored document), so few matches are read and sorted and many walked (sortCap).
 */
const WALK_COST = 30

/**
 * tsquery: each word a quoted lexeme (never syntax), all required, the last a prefix. The `simple` configuration
 * lowercases, which is all the folding ASCII needs; other words are folded by blog_fold, as the documents were.
 */
function tsQuery(words: string[]): RawBuilder<unknown> {
  const text = words.map((w, i) => `'${w.replace(/'/g, "''")}'${i === words.length - 1 ? ':*' : ''}`).join(' & ')
  return ASCII.test(text) ? sql`to_tsquery('simple', ${text})` : sql`to_tsquery('simple', blog_fold(${text}))`
}

/** The wanted facets as a tsquery of their lexemes (search-facets.ts: '#' keeps readers' words off them), read verbatim. */
const facetQuery = (facets: string[]) => sql`${facets.map((f) => `'#${f}'`).join(' & ')}::tsquery`

/**
 * The conditions of a search, what its count reads, and its matches listed by id and time (under one more condition).
 * A public search reads published posts' words, facets and times (published_search_words, docs/decisions/015): its
 * words, category and tag are one full-text query, and its count and list read those narrow rows alone, testing no
 * status (every narrow row is published; with a status the planner would rather list every published post from the
 * status index and test each one's document, as it does not count the unpacking). Other statuses read post_search,
 * with the category from posts and the tag from post_tags. Public searches by date read the same rows in time
 * slices instead (slicedSearch); these statements serve them by views.
 */
function matches(q: SearchQuery, tier: Tier) {
  const query = tsQuery(q.words)
  const inTitle =
    tier === 'title'
      ? [sql`s.title_document @@ ${query}`]
      : tier === 'rest'
        ? [sql`not (s.title_document @@ ${query})`]
        : []
  const joinPosts =
    q.sort === 'popular' || (q.categoryId !== undefined && q.status !== 'published')
      ? sql` join posts p on p.id = s.post_id`
      : sql``
  const facets = wantedFacets(q)
  // Titles alone need no words: a post whose title holds them holds them.
  if (q.status === 'published' && (tier !== 'title' || facets.length)) {
    const found = sql`w.words @@ ${facets.length ? sql`(${query} && ${facetQuery(facets)})` : query}`
    // Walks may use the status's date index, or by views the posts' views index (its status first).
    const walks = [sql`s.status = 'published'`, ...(q.sort === 'popular' ? [sql`p.status = 'published'`] : [])]
    const where = sql.join([found, ...inTitle, ...walks], sql` and `)
    const from = sql`published_search_words w join post_search s on s.post_id = w.post_id${joinPosts}`
    // Every match is counted and listed from the narrow rows alone; a tier's count also reads the titles.
    const counted = tier === 'all' ? sql`published_search_words w where ${found}` : sql`${from} where ${where}`
    const listed = (also: RawBuilder<boolean>) => sql`select w.post_id, w.published_at from ${counted} and ${also}`
    return { query, from, where, counted, listed }
  }
  const conditions: RawBuilder<unknown>[] = tier === 'title' ? inTitle : [sql`s.document @@ ${query}`, ...inTitle]
  // Drafts and scheduled posts are few: their status index lists them, and each one's document is tested.
  if (q.status) conditions.push(sql`s.status = ${q.status}`)
  if (q.categoryId !== undefined) conditions.push(sql`p.category_id = ${q.categoryId}`)
  if (q.tagKey !== undefined)
    conditions.push(sql`s.post_id in (select post_id from post_tags where tag_key = ${q.tagKey})`)
  const from = sql`post_search s${joinPosts}`
  const where = sql.join(conditions, sql` and `)
  const listed = (also: RawBuilder<boolean>) =>
    sql`select s.post_id, s.published_at from ${from} where ${where} and ${also}`
  return { query, from, where, counted: sql`${from} where ${where}`, listed }
}

const ordering = (q: SearchQuery, at: string) => {
  const by = (column: string) => sql.ref(`${at}.${column}`)
  if (q.sort === 'oldest') return sql`${by('published_at')} asc, ${by('post_id')} asc`
  const newest = sql`${by('published_at')} desc, ${by('post_id')} desc`
  return q.sort === 'popular' ? sql`${by('views')} desc, ${newest}` : newest
}

/** The statements of one tier of a search on PostgreSQL (exported for the query-plan tests). */
export function postgresSearchStatements(q: SearchQuery, tier: Tier): TierStatements {
  const { from, where, counted } = matches(q, tier)
  // By views in the views index's own order (the same values as post_search's date and id).
  const order = q.sort === 'popular' ? sql`p.views desc, p.published_at desc, p.id desc` : ordering(q, 's')
  return {
    count: (limit) => sql<{ n: number }>`select count(*)::int as n from (select 1 from ${counted} limit ${limit}) c`,
    // With its time, for walkedFirstPage's merge.
    rows: (
      page,
    ) => sql<FoundDoc>`select s.post_id as id, s.title, s.excerpt, s.body, s.tags, s.published_at from ${from} where ${where}
      order by ${order} limit ${page.limit} offset ${page.offset}`,
  }
}

/**
 * The matches counted (one past the cap, or further to countBound: countLimit), and when few, the page of them, in
 * one statement. The count reads no row. Matches are listed by id and time and sorted only while there are at most
 * `cap` (materialized, so the planner cannot walk the date index instead, which reads every post when the words are
 * rare); a public search lists them from published_search_words alone, with no lookup a match. Past the cap the
 * statement answers the count alone and the date index is walked. Title matches first. At least one row comes back:
 * with no page, its id is null.
 */
export function postgresFewMatchesStatement(
  q: SearchQuery,
  page: Page,
): RawBuilder<Partial<FoundDoc> & { total: number; cap: number }> {
  const { query, listed, counted } = matches(q, 'all')
  const views = q.sort === 'popular' ? sql`(select p.views from posts p where p.id = m.post_id)` : sql`0`
  // Title matches first: the planner joins the title index's matches (few, as titles hold few words) or looks up each
  // match's title, whichever it expects to read less (a narrowed search's matches may be fewer than the blog's titles).
  const latest = q.sort === 'latest'
  const titleFirst = (at: string) => (latest ? sql`${sql.ref(`${at}.in_title`)} desc, ` : sql``)
  const inTitle = latest ? sql`t.post_id is not null as in_title` : sql`false as in_title`
  const titled = latest
    ? sql` left join (select post_id from post_search where title_document @@ ${query}) t on t.post_id = m.post_id`
    : sql``
  const cap = sql<number>`(select cap from k)`
  return sql<Partial<FoundDoc> & { total: number; cap: number }>`with k as (select ${sortCap(WALK_COST, page)} as cap),
    c as (select count(*)::int as n, ${cap} as cap from (select 1 from ${counted} limit ${countLimit(cap, page)}) b),
    m as materialized (${listed(sql`(select n <= cap from c)`)}),
    f as (
      select * from (select m.post_id, m.published_at, ${views} as views, ${inTitle} from m${titled}) m
      order by ${titleFirst('m')}${ordering(q, 'm')} limit ${page.limit} offset ${page.offset}
    )
    select c.n as total, c.cap, s.post_id as id, s.title, s.excerpt, s.body, s.tags
    from c left join (f join post_search s on s.post_id = f.post_id) on true
    order by ${titleFirst('f')}${ordering(q, 'f')}`
}

const PLANNED_FOR_WORDS = 'set local enable_seqscan = off'
/** A sliced search's statement has one plan for any words (search-sliced.postgres.ts), kept from its first run. */
const ONE_PLAN = `${PLANNED_FOR_WORDS}; set local plan_cache_mode = force_generic_plan`

/**
 * A search's statements run on one connection in a transaction planned for full-text search, opened in one round
 * trip: every statement planned for its own words (a generic plan of a named statement cannot know whether a word
 * is rare), and never a sequential scan (PostgreSQL's costs ignore unpacking each stored document: 0.3 s).
 */
async function withSearchPlanning<T>(db: Db, run: (db: Db) => Promise<T>, settings = PLANNED_FOR_WORDS): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql.raw(`begin; ${settings}`).execute(conn)
    try {
      const result = await run(conn)
      await sql.raw('commit').execute(conn)
      return result
    } catch (err) {
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => {})
      throw err
    }
  })
}

/**
 * One statement counts the matches and, when few (most searches), reads their page. More than a page can sort
 * cheaply are read by walking the date index from the newest (in statements planned for their own words at every
 * run): a first page in one statement, later ones tier by tier.
 */
export function searchPostgres(db: Db, q: SearchQuery, page: Page): Promise<Found> {
  if (q.status === 'published' && q.sort !== 'popular') return slicedSearch(db, q, page)
  return withSearchPlanning(db, async (db) => {
    const rows = (await postgresFewMatchesStatement(q, page).execute(db)).rows
    const { total: n, cap } = rows[0]!
    const counted = countedTo(n, countBound(page))
    if (n <= cap) {
      return { docs: docsIn(rows), ...counted }
    }
    if (page.offset >= counted.total) return { docs: [], ...counted }
    const first = page.offset === 0 && q.sort === 'latest'
    return {
      docs: first ? await docsOf(db, walkedFirstPage(q, page.limit)) : await tieredPage(db, planEachRun, q, page),
      ...counted,
    }
  })
}

/** A public search by date over `slices`, its words and facets as the other statements read them (exported for the plan tests). */
export function postgresSlicedStatement(q: SearchQuery, page: Page, slices: Slice[]): RawBuilder<SlicedRow> {
  const facets = wantedFacets(q)
  return slicedSearchStatement(q, page, slices, tsQuery(q.words), facets.length ? facetQuery(facets) : undefined)
}

/** A public search by date: one statement over the time slices, whatever the number of matches. */
async function slicedSearch(db: Db, q: SearchQuery, page: Page): Promise<Found> {
  const slices = await searchSlices(db)
  const statement = postgresSlicedStatement(q, page, slices)
  const rows = await withSearchPlanning(db, async (conn) => (await statement.execute(conn)).rows, ONE_PLAN)
  const docs = docsIn(rows)
  return { docs, ...slicedCount(rows[0]!.total, rows[0]!.more, docs.length, page, slices) }
}

/** The page's documents from a statement's rows (with no page, one row and no id). */
const docsIn = (rows: Array<Partial<FoundDoc>>): FoundDoc[] =>
  rows.flatMap(({ id, title, excerpt, body, tags }) =>
    id ? [{ id, title: title!, excerpt: excerpt!, body: body!, tags: tags! }] : [],
  )

/**
 * A first page by title and date, walked: the title matches' walk and the others' in one statement, each part
 * planned for its own words (one round trip and one plan fewer than tieredPage's two statements).
 */
function walkedFirstPage(q: SearchQuery, limit: number): RawBuilder<FoundDoc> {
  const page = { limit, offset: 0 }
  const part = (tier: number, t: Tier) =>
    sql`select ${sql.lit(tier)} as tier, d.* from (${postgresSearchStatements(q, t).rows(page)}) d`
  return sql<FoundDoc>`${sql.raw(PLAN_EACH_RUN)}select id, title, excerpt, body, tags from (${part(0, 'title')} union all ${part(1, 'rest')}) x
    order by tier, published_at desc, id desc limit ${limit}`
}

/** The tier statements, run unnamed: planned for their words at every run (named-statements.ts). */
const planEachRun: Statements = (q, tier) => {
  const { rows, count } = postgresSearchStatements(q, tier)
  return {
    rows: (page) => sql<FoundDoc>`${sql.raw(PLAN_EACH_RUN)}${rows(page)}`,
    count: (limit) => sql<{ n: number }>`${sql.raw(PLAN_EACH_RUN)}${count(limit)}`,
  }
}
