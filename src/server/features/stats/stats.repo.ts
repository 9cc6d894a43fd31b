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
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Views per post in the 10-minute slots from `fromSlot` on (inclusive), for the posts that had any. */
export async function recentViewsByPost(db: Db, fromSlot: string): Promise<Array<{ postId: string; views: number }>> {
  const rows = await db
    .selectFrom('post_views_recent')
    .select((eb) => ['post_id', eb.fn.sum<number>('views').as('views')])
    .where('slot', '>=', fromSlot)
    .groupBy('post_id')
    .execute()
  return rows.map((r) => ({ postId: r.post_id, views: Number(r.views) }))
}

/** The posts' titles, publication dates and views over the days `fromDay`..`toDay` (inclusive). */
export async function viewHistory(
  db: Db,
  postIds: string[],
  fromDay: string,
  toDay: string,
): Promise<Array<{ id: string; title: string; slug: string; publishedAt: string | null; views: number }>> {
  if (postIds.length === 0) return []
  const rows = await db
    .selectFrom('posts')
    .leftJoin('post_views_daily', (join) =>
      join
        .onRef('post_views_daily.post_id', '=', 'posts.id')
        .on('post_views_daily.day', '>=', fromDay)
        .on('post_views_daily.day', '<=', toDay),
    )
    .select((eb) => [
      'posts.id',
      'posts.title',
      'posts.slug',
      'posts.published_at',
      eb.fn.coalesce(eb.fn.sum<number>('post_views_daily.views'), eb.lit(0)).as('views'),
    ])
    .where('posts.id', 'in', postIds)
    .groupBy(['posts.id', 'posts.title', 'posts.slug', 'posts.published_at'])
    .execute()
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    publishedAt: r.published_at,
    views: Number(r.views),
  }))
}
