import type { Db } from '../../db/client.ts'

/**
 * Marks the visitor's view of the post unless one was marked after `since`; true when this view counts.
 * One upsert decides, so concurrent beacons from one visitor count once.
 */
export async function markView(db: Db, postId: string, visitorId: string, now: Date, since: Date): Promise<boolean> {
  const result = await db
    .insertInto('view_marks')
    .values({ post_id: postId, visitor_id: visitorId, viewed_at: now.toISOString() })
    .onConflict((oc) =>
      oc
        .columns(['post_id', 'visitor_id'])
        .doUpdateSet({ viewed_at: now.toISOString() })
        .where('view_marks.viewed_at', '<=', since.toISOString()),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Adds buffered views to the post's total, its day and its 10-minute slot; false when the post no longer exists. */
export async function addViews(db: Db, postId: string, slot: string, count: number): Promise<boolean> {
  const day = slot.slice(0, 10)
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('posts')
      .set((eb) => ({ views: eb('views', '+', count) }))
      .where('id', '=', postId)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return false
    await trx
      .insertInto('post_views_daily')
      .values({ post_id: postId, day, views: count })
      .onConflict((oc) =>
        oc
          .columns(['post_id', 'day'])
          .doUpdateSet((eb) => ({ views: eb('post_views_daily.views', '+', eb.ref('excluded.views')) })),
      )
      .execute()
    await trx
      .insertInto('post_views_recent')
      .values({ post_id: postId, slot, views: count })
      .onConflict((oc) =>
        oc
          .columns(['post_id', 'slot'])
          .doUpdateSet((eb) => ({ views: eb('post_views_recent.views', '+', eb.ref('excluded.views')) })),
      )
      .execute()
    return true
  })
}

export async function pruneViewMarks(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('view_marks').where('viewed_at', '<', before.toISOString()).execute()
}

/** Slots older than `beforeSlot` only served the spike flag; they are dropped. */
export async function pruneRecentViews(db: Db, beforeSlot: string): Promise<void> {
  await db.deleteFrom('post_views_recent').where('slot', '<', beforeSlot).execute()
}
