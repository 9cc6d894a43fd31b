import type { Db } from '../../db/client.ts'
import type { NotFoundLogTable } from '../../db/schema.ts'

export async function findTopNotFound(db: Db, limit: number): Promise<NotFoundLogTable[]> {
  return db
    .selectFrom('not_found_log')
    .selectAll()
    .orderBy('hits', 'desc')
    .orderBy('last_seen_at', 'desc')
    .limit(limit)
    .execute()
}

/** Adds a batch of counted misses to the path's row (one upsert per path). */
export async function addNotFound(db: Db, entry: NotFoundLogTable): Promise<void> {
  await db
    .insertInto('not_found_log')
    .values(entry)
    .onConflict((oc) =>
      oc.column('path').doUpdateSet((eb) => ({
        hits: eb('not_found_log.hits', '+', eb.ref('excluded.hits')),
        last_seen_at: eb.ref('excluded.last_seen_at'),
        referrer: eb.fn.coalesce(eb.ref('excluded.referrer'), eb.ref('not_found_log.referrer')),
      })),
    )
    .execute()
}

/** Keeps the `keep` rows with the most hits (newest first among equals): one-hit paths of bots go first. */
export async function pruneNotFound(db: Db, keep: number): Promise<void> {
  await db
    .deleteFrom('not_found_log')
    .where('path', 'not in', (eb) =>
      eb.selectFrom('not_found_log').select('path').orderBy('hits', 'desc').orderBy('last_seen_at', 'desc').limit(keep),
    )
    .execute()
}

export async function deleteNotFound(db: Db, path: string): Promise<boolean> {
  const result = await db.deleteFrom('not_found_log').where('path', '=', path).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
