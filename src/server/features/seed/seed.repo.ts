import type { Db } from '../../db/client.ts'
import type { CategoryRow } from '../../db/schema.ts'

const DEMO_MARKER = 'seed:demo'

/** True when the database holds no post and no category. */
export async function isContentEmpty(db: Db): Promise<boolean> {
  const post = await db.selectFrom('posts').select('id').limit(1).executeTakeFirst()
  const category = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst()
  return !post && !category
}

export async function hasDemoMarker(db: Db): Promise<boolean> {
  return (
    (await db.selectFrom('site_settings').select('id').where('key', '=', DEMO_MARKER).executeTakeFirst()) !== undefined
  )
}

/** Remembers that the demo decision was taken, so deleting the demo content never brings it back. */
export async function setDemoMarker(db: Db, now: Date): Promise<void> {
  const at = now.toISOString()
  await db
    .insertInto('site_settings')
    .values({ id: crypto.randomUUID(), key: DEMO_MARKER, value: at, created_at: at, updated_at: at })
    .execute()
}

export async function insertCategories(db: Db, rows: CategoryRow[]): Promise<void> {
  await db.insertInto('categories').values(rows).execute()
}

export async function insertDailyViews(
  db: Db,
  rows: Array<{ post_id: string; day: string; views: number }>,
): Promise<void> {
  if (rows.length) await db.insertInto('post_views_daily').values(rows).execute()
}
