import type { Db } from '../../db/client.ts'

export async function recordEvent(db: Db, bucket: string, now: Date): Promise<void> {
  await db.insertInto('rate_events').values({ id: crypto.randomUUID(), bucket, created_at: now.toISOString() }).execute()
}

/** Events in the window, oldest first (only their times). */
export async function eventsSince(db: Db, bucket: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('rate_events')
    .select('created_at')
    .where('bucket', '=', bucket)
    .where('created_at', '>', since.toISOString())
    .orderBy('created_at', 'asc')
    .execute()
  return rows.map((r) => r.created_at)
}

export async function clearBucket(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_events').where('bucket', '=', bucket).execute()
}

export async function pruneEvents(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('rate_events').where('created_at', '<', before.toISOString()).execute()
}
