import { sql } from 'kysely'
import type { Db } from '../../db/client.ts'

/**
 * Counts one hit against the bucket in a single atomic upsert (row lock on PostgreSQL, one writer on SQLite), so
 * concurrent requests can never all read "under the limit". A window older than `windowMs` restarts at this hit.
 */
export async function hit(
  db: Db,
  bucket: string,
  now: Date,
  windowMs: number,
): Promise<{ hits: number; windowStart: string }> {
  const at = now.toISOString()
  const expired = new Date(now.getTime() - windowMs).toISOString()
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: at, hits: 1 })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${expired} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow()
  return { hits: Number(row.hits), windowStart: row.window_start }
}

/** The buckets' counts as they stand, without counting anything. */
export async function peekBuckets(
  db: Db,
  buckets: string[],
): Promise<Array<{ bucket: string; hits: number; windowStart: string }>> {
  if (!buckets.length) return []
  const rows = await db
    .selectFrom('rate_limits')
    .select(['bucket', 'hits', 'window_start'])
    .where('bucket', 'in', buckets)
    .execute()
  return rows.map((r) => ({ bucket: r.bucket, hits: Number(r.hits), windowStart: r.window_start }))
}

/** Gives one hit back (an attempt that turned out not to count, such as a successful login). */
export async function unhit(db: Db, bucket: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('bucket', '=', bucket)
    .where('hits', '>', 0)
    .execute()
}

export async function pruneBuckets(db: Db, startedBefore: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', startedBefore.toISOString()).execute()
}
