import { sql, type Insertable, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely'
import {
  ANALYTICS_DIMENSIONS,
  type AnalyticsDimension as Dimension,
  type AnalyticsFilters,
} from '#shared/schemas/analytics.ts'
import type { Db } from '../../db/client.ts'
import type { AnalyticsValues, Database as DB } from '../../db/schema.ts'

/** One combination of values seen on one post: '' where the view had none. */
export type FactRow = { postId: string; values: AnalyticsValues; views: number; visitors: number }

/** Past this many distinct values per day and dimension, new values count as OTHER: a flood cannot grow storage. */
export const TOP_VALUES_PER_DAY = 50
export const OTHER = 'Other'

/** The row a day's counts are also summed into in the pre-summed tables: its month's first day. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`

/**
 * Notes the reader's latest view; true when it is their first counted view of the day (one insert decides, across
 * instances).
 */
export async function markVisitor(db: Db, day: string, reader: string, postId: string, now: Date): Promise<boolean> {
  const seen = { post_id: postId, seen_at: now.toISOString() }
  const inserted = await db
    .insertInto('analytics_visitors_today')
    .values({ day, reader, ...seen })
    .onConflict((oc) => oc.columns(['day', 'reader']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true
  await db
    .updateTable('analytics_visitors_today')
    .set(seen)
    .where('day', '=', day)
    .where('reader', '=', reader)
    .execute()
  return false
}

/** Readers whose latest view was at or after `since`: how many, and per post (most first, top 20). */
export async function readersSince(db: Db, since: Date) {
  const recent = db.selectFrom('analytics_visitors_today').where('seen_at', '>=', since.toISOString())
  const total = await recent.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  const posts = await recent
    .innerJoin('posts', 'posts.id', 'analytics_visitors_today.post_id')
    .select((eb) => ['posts.id as postId', 'posts.title as title', eb.fn.countAll<number>().as('readers')])
    .groupBy(['posts.id', 'posts.title'])
    .orderBy('readers', 'desc')
    .orderBy('posts.id')
    .limit(20)
    .execute()
  return { readers: Number(total?.n ?? 0), posts: posts.map((p) => ({ ...p, readers: Number(p.readers) })) }
}

/** The reader hashes of earlier days are deleted: none is kept past its day. */
export async function pruneVisitors(db: Db, today: string): Promise<void> {
  await db.deleteFrom('analytics_visitors_today').where('day', '<', today).execute()
}

/** Rows per statement: SQLite binds at most 32,766 parameters, and a combination row binds 12. */
const ROWS_PER_INSERT = 500

type CountedTable = 'analytics_facts' | 'analytics_post_totals' | 'analytics_post_values' | 'analytics_site_facts'

/** Inserts the rows, adding their counts to any row already under the same key: a few multi-row statements. */
async function upsertAdding<T extends CountedTable>(
  db: Db,
  table: T,
  key: Array<keyof DB[T] & string>,
  rows: Array<Insertable<DB[T]>>,
): Promise<void> {
  // Typed by the caller; Kysely cannot check an upsert over a table chosen at run time.
  const untyped = db as unknown as Kysely<Record<string, CountedRow>>
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await untyped
      .insertInto(table as string)
      .values(rows.slice(i, i + ROWS_PER_INSERT) as CountedRow[])
      .onConflict((oc) =>
        oc.columns(key as string[]).doUpdateSet({
          views: sql`${sql.ref(`${table}.views`)} + excluded.views`,
          visitors: sql`${sql.ref(`${table}.visitors`)} + excluded.visitors`,
        }),
      )
      .execute()
}
type CountedRow = { views: number; visitors: number } & Record<string, string | number>

/** Adds one day's combinations, folding values past the day's top N (per dimension) into OTHER. */
export async function addFacts(db: Db, day: string, rows: FactRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const known = new Map<Dimension, Set<string>>()
    for (const dimension of ANALYTICS_DIMENSIONS) {
      const values = await trx
        .selectFrom('analytics_site_facts')
        .select(dimension)
        .distinct()
        .where('day', '=', day)
        .where('span', '=', 'day')
        .where(dimension, '<>', '')
        .limit(TOP_VALUES_PER_DAY + 1)
        .execute()
      known.set(dimension, new Set(values.map((r) => r[dimension])))
    }
    const postIds = [...new Set(rows.map((r) => r.postId))]
    const existing = new Set(
      (await trx.selectFrom('posts').select('id').where('id', 'in', postIds).execute()).map((p) => p.id),
    )
    const perPost = new Map<string, FactRow>()
    const perSite = new Map<string, FactRow>()
    const add = <Row extends FactRow>(into: Map<string, Row>, key: string, row: Row) => {
      const before = into.get(key)
      into.set(key, {
        ...row,
        views: (before?.views ?? 0) + row.views,
        visitors: (before?.visitors ?? 0) + row.visitors,
      })
    }
    for (const row of rows) {
      if (!existing.has(row.postId)) continue // deleted since the view
      const values = { ...row.values }
      for (const dimension of ANALYTICS_DIMENSIONS) {
        const value = values[dimension]
        const seen = known.get(dimension)!
        if (value === '' || seen.has(value)) continue
        if (seen.size >= TOP_VALUES_PER_DAY) values[dimension] = OTHER
        else seen.add(value)
      }
      const combination = ANALYTICS_DIMENSIONS.map((d) => values[d]).join('\t')
      add(perPost, `${row.postId}\t${combination}`, { ...row, values })
      add(perSite, combination, { ...row, values })
    }
    const perPostTotal = new Map<string, FactRow>()
    const perPostValue = new Map<string, FactRow & { dimension: Dimension; value: string }>()
    for (const row of perPost.values()) {
      add(perPostTotal, row.postId, row)
      for (const dimension of ANALYTICS_DIMENSIONS) {
        const value = row.values[dimension]
        if (value === '') continue // never a filter
        add(perPostValue, `${row.postId}\t${dimension}\t${value}`, { ...row, dimension, value })
      }
    }
    const counts = (row: FactRow) => ({ views: row.views, visitors: row.visitors })
    await upsertAdding(
      trx,
      'analytics_facts',
      ['day', 'post_id', 'span', ...ANALYTICS_DIMENSIONS],
      [...perPost.values()].map((row) => ({ span: 'day', day, post_id: row.postId, ...row.values, ...counts(row) })),
    )
    await upsertAdding(
      trx,
      'analytics_post_values',
      ['dimension', 'value', 'day', 'post_id'],
      [...perPostValue.values()].map((row) => ({
        day: monthOf(day),
        dimension: row.dimension,
        value: row.value,
        post_id: row.postId,
        ...counts(row),
      })),
    )
    // The site-wide rows and per-post totals count each view twice: in its day's row and in its month's.
    for (const [span, period] of [
      ['day', day],
      ['month', monthOf(day)],
    ] as const) {
      await upsertAdding(
        trx,
        'analytics_post_totals',
        ['span', 'day', 'post_id'],
        [...perPostTotal.values()].map((row) => ({ span, day: period, post_id: row.postId, ...counts(row) })),
      )
      await upsertAdding(
        trx,
        'analytics_site_facts',
        ['span', 'day', ...ANALYTICS_DIMENSIONS],
        [...perSite.values()].map((row) => ({ span, day: period, ...row.values, ...counts(row) })),
      )
    }
  })
}

/**
 * A range read from the pre-summed tables (site-wide rows, per-post totals), which keep every month as a row of its
 * own as well as its days: month rows (`months`, their first days), plus the `days` at the range's ends, less the
 * `minus` days of a month row that lie outside the range (whichever reads fewer rows).
 */
export type Spans = { months?: [string, string]; days: Array<[string, string]>; minus: Array<[string, string]> }

/** What a summary reads: a range of days (or month rows), one post or all, and one value per dimension. */
export type Scope = { from: string; to: string; spans: Spans; post?: string; filters: AnalyticsFilters }

const dayRows = (days: Array<[string, string]>) =>
  days.map(([from, to]) => sql<SqlBool>`(span = 'day' and day between ${from} and ${to})`)

const inSpans = (spans: Spans) =>
  sql<SqlBool>`(${sql.join(
    [
      ...(spans.months ? [sql`(span = 'month' and day between ${spans.months[0]} and ${spans.months[1]})`] : []),
      ...dayRows([...spans.days, ...spans.minus]),
    ],
    sql` or `,
  )})`

/** A sum of views or visitors; with `minus` days, those rows count against their month's row. */
const total = (column: 'views' | 'visitors', spans: Spans | undefined) =>
  spans?.minus.length
    ? sql<number>`sum(case when ${sql.join(dayRows(spans.minus), sql` or `)} then -${sql.ref(column)} else ${sql.ref(column)} end)`
    : sql<number>`sum(${sql.ref(column)})`
const sums = (spans: Spans | undefined) => [total('views', spans).as('views'), total('visitors', spans).as('visitors')]
/** A value or post seen only on the days taken off nets to nothing, and is left out as if never seen. */
const netOnly = (spans: Spans | undefined) => spans !== undefined && spans.minus.length > 0

/**
 * The site's rows (by `spans`), or one post's (by day: the per-post combinations have month rows only where they
 * were rolled up), within the range and the filters.
 */
function scoped(db: Db, scope: Scope, spans: Spans | undefined) {
  let q = (
    spans
      ? db.selectFrom('analytics_site_facts').where(inSpans(spans))
      : db
          .selectFrom('analytics_facts')
          .where('post_id', '=', scope.post!)
          .where('day', '>=', scope.from)
          .where('day', '<=', scope.to)
  ) as SelectQueryBuilder<DB, 'analytics_site_facts', object>
  for (const dimension of ANALYTICS_DIMENSIONS) {
    const value = scope.filters[dimension]
    if (value !== undefined) q = q.where(dimension, '=', value)
  }
  return q
}

/** Views and visitors per day, or per month (`YYYY-MM`). */
export async function countsPerPeriod(db: Db, scope: Scope, unit: 'day' | 'month') {
  const spans: Spans | undefined = scope.post
    ? undefined
    : unit === 'day'
      ? { days: [[scope.from, scope.to]], minus: [] }
      : scope.spans
  const rows = await scoped(db, scope, spans)
    .select([(unit === 'day' ? sql<string>`day` : sql<string>`substr(day, 1, 7)`).as('period'), ...sums(spans)])
    .groupBy('period')
    .execute()
  return rows.map((r) => ({ period: r.period, views: Number(r.views), visitors: Number(r.visitors) }))
}

/** The most viewed values of one dimension ('' — no referrer, no campaign — is left out). */
export async function topValues(db: Db, scope: Scope, dimension: Dimension, limit: number) {
  const spans = scope.post ? undefined : scope.spans
  const rows = await scoped(db, scope, spans)
    .where(dimension, '<>', '')
    .select((eb) => [eb.ref(dimension).as('value'), ...sums(spans)])
    .groupBy(dimension)
    .$if(netOnly(spans), (q) => q.having(total('views', spans), '>', 0))
    .orderBy('views', 'desc')
    .orderBy(dimension)
    .limit(limit)
    .execute()
  return rows.map((r) => ({ value: r.value, views: Number(r.views), visitors: Number(r.visitors) }))
}

/**
 * The rows of one value, per post: the per-post values' month rows for the range's months, the combinations' day rows
 * for its days (and the days taken off a month), each branch bounded by its key.
 */
function oneValue(db: Db, spans: Spans, dimension: Dimension, value: string) {
  const days = [...spans.days, ...spans.minus]
  const branches = [
    ...(spans.months
      ? [
          sql`select 'month' as span, day, post_id, views, visitors from analytics_post_values
            where dimension = ${dimension} and value = ${value} and day between ${spans.months[0]} and ${spans.months[1]}`,
        ]
      : []),
    ...(days.length
      ? [
          sql`select span, day, post_id, views, visitors from analytics_facts
            where (${sql.join(dayRows(days), sql` or `)}) and ${sql.ref(dimension)} = ${value}`,
        ]
      : []),
  ]
  return db.selectFrom(sql`(${sql.join(branches, sql` union all `)})`.as('picked'))
}

/**
 * The most viewed posts under the filters: summed per post first, titles looked up for the top ones only. With no
 * row filter they read the per-post totals, with one its per-post values by month and the combinations of the days at
 * the range's ends, with several (or within one post) the combinations by day.
 */
export async function topPosts(db: Db, scope: Scope, limit: number) {
  const filters = ANALYTICS_DIMENSIONS.flatMap((dimension) => {
    const value = scope.filters[dimension]
    return value === undefined ? [] : [{ dimension, value }]
  })
  // One post's combinations are few (its index on post and day): they answer any filter on it.
  const spans = filters.length > 1 || (filters.length === 1 && scope.post) ? undefined : scope.spans
  let q = (!spans
    ? db.selectFrom('analytics_facts').where('day', '>=', scope.from).where('day', '<=', scope.to)
    : filters.length === 0
      ? db.selectFrom('analytics_post_totals').where(inSpans(spans))
      : oneValue(db, spans, filters[0]!.dimension, filters[0]!.value)) as unknown as SelectQueryBuilder<
    DB,
    'analytics_facts',
    object
  >
  if (scope.post) q = q.where('post_id', '=', scope.post)
  if (!spans) for (const { dimension, value } of filters) q = q.where(dimension, '=', value)
  // Grouped by an expression, not the bare column: SQLite would otherwise walk the whole (post_id, day) index in
  // post order to spare a sort, reading every day ever kept instead of the range's.
  const postKey = sql<string>`post_id || ''`
  const top = await q
    .select([postKey.as('post_id'), ...sums(spans)])
    .groupBy(postKey)
    .$if(netOnly(spans), (qb) => qb.having(total('views', spans), '>', 0))
    .orderBy('views', 'desc')
    .orderBy('post_id')
    .limit(limit)
    .execute()
  if (top.length === 0) return []
  const titles = new Map(
    (
      await db
        .selectFrom('posts')
        .select(['id', 'title'])
        .where(
          'id',
          'in',
          top.map((r) => r.post_id),
        )
        .execute()
    ).map((p) => [p.id, p.title]),
  )
  return top.flatMap((r) => {
    const label = titles.get(r.post_id)
    return label === undefined
      ? [] // deleted since this was read
      : [{ value: r.post_id, label, views: Number(r.views), visitors: Number(r.visitors) }]
  })
}

const FACTS_KEY = sql`day, post_id, span, ${sql.join(ANALYTICS_DIMENSIONS.map((d) => sql.ref(d)))}`

/**
 * Folds the per-post combinations' day rows before `before` (a month's 1st) into one row per month, post and
 * combination; the pre-summed tables already have their months, and lose those days (the per-post values have
 * no day rows). One transaction: run twice,
 * the second finds no day rows left to fold.
 */
export async function rollUpMonths(db: Db, before: string): Promise<void> {
  const keys = sql`post_id, ${sql.join(ANALYTICS_DIMENSIONS.map((d) => sql.ref(d)))}`
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into analytics_facts (span, day, ${keys}, views, visitors)
      select 'month', substr(day, 1, 7) || '-01', ${keys}, sum(views), sum(visitors)
      from analytics_facts where span = 'day' and day < ${before}
      group by substr(day, 1, 7), ${keys}
      on conflict (${FACTS_KEY}) do update set
        views = analytics_facts.views + excluded.views,
        visitors = analytics_facts.visitors + excluded.visitors`.execute(trx)
    for (const table of ['analytics_facts', 'analytics_site_facts', 'analytics_post_totals'] as const)
      await trx.deleteFrom(table).where('span', '=', 'day').where('day', '<', before).execute()
  })
}
