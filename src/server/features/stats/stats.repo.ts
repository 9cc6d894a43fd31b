import type { Db } from '../../db/client.ts'

export async function postTotals(db: Db): Promise<{ posts: number; views: number; drafts: number }> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => [
      eb.fn.countAll<number>().as('posts'),
      eb.fn.coalesce(eb.fn.sum<number>('views'), eb.lit(0)).as('views'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'draft').then(1).else(0).end()).as('drafts'),
    ])
    .executeTakeFirst()
  return { posts: Number(row?.posts ?? 0), views: Number(row?.views ?? 0), drafts: Number(row?.drafts ?? 0) }
}

export async function categoryCount(db: Db): Promise<number> {
  const row = await db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Views per UTC day from `fromDay` (inclusive, YYYY-MM-DD) on. */
export async function viewsByDay(db: Db, fromDay: string): Promise<Array<{ day: string; views: number }>> {
  const rows = await db
    .selectFrom('post_views_daily')
    .select((eb) => ['day', eb.fn.sum<number>('views').as('views')])
    .where('day', '>=', fromDay)
    .groupBy('day')
    .execute()
  return rows.map((r) => ({ day: r.day, views: Number(r.views) }))
}
