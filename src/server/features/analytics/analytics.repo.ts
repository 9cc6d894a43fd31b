import type { Db } from '../../db/client.ts'

export type FactRow = { day: string; postId: string; dimension: string; value: string; views: number; visitors: number }

/** Past this many distinct values per day and dimension, new values count as OTHER: a flood cannot grow storage. */
export const TOP_VALUES_PER_DAY = 50
export const OTHER = 'Other'

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

/** Adds the rows of one day and dimension, folding values past the day's top N into OTHER. */
export async function addFacts(db: Db, day: string, dimension: string, rows: FactRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const known = new Set(
      (
        await trx
          .selectFrom('analytics_daily')
          .select('value')
          .distinct()
          .where('day', '=', day)
          .where('dimension', '=', dimension)
          .limit(TOP_VALUES_PER_DAY + 1)
          .execute()
      ).map((r) => r.value),
    )
    const postIds = [...new Set(rows.map((r) => r.postId))]
    const existing = new Set(
      (await trx.selectFrom('posts').select('id').where('id', 'in', postIds).execute()).map((p) => p.id),
    )
    const merged = new Map<string, FactRow>()
    for (const row of rows) {
      if (!existing.has(row.postId)) continue // deleted since the view
      let value = row.value
      if (!known.has(value)) {
        if (known.size >= TOP_VALUES_PER_DAY) value = OTHER
        else known.add(value)
      }
      const key = `${row.postId}\n${value}`
      const before = merged.get(key)
      merged.set(key, {
        ...row,
        value,
        views: (before?.views ?? 0) + row.views,
        visitors: (before?.visitors ?? 0) + row.visitors,
      })
    }
    for (const row of merged.values())
      await trx
        .insertInto('analytics_daily')
        .values({
          day,
          post_id: row.postId,
          dimension,
          value: row.value,
          views: row.views,
          visitors: row.visitors,
        })
        .onConflict((oc) =>
          oc.columns(['day', 'dimension', 'value', 'post_id']).doUpdateSet((eb) => ({
            views: eb('analytics_daily.views', '+', eb.ref('excluded.views')),
            visitors: eb('analytics_daily.visitors', '+', eb.ref('excluded.visitors')),
          })),
        )
        .execute()
  })
}
