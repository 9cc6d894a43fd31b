import type { Db, Engine, Trx } from '../../db/client.ts'
import type { FediverseFollowersTable } from '../../db/schema.ts'

export type FollowerRow = FediverseFollowersTable

export async function readState(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('fediverse_state').select('value').where('name', '=', name).executeTakeFirst()
  return row?.value
}

export async function writeState(db: Db, name: string, value: string, now: Date): Promise<void> {
  const updated_at = now.toISOString()
  await db
    .insertInto('fediverse_state')
    .values({ name, value, updated_at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at }))
    .execute()
}

/** Stores `value` under `name` unless a value is there already (two instances starting at once keep one). */
export async function insertStateOnce(db: Db, name: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('fediverse_state')
    .values({ name, value, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

export async function upsertFollower(db: Db, row: FollowerRow): Promise<void> {
  const { actor_id: _id, created_at: _at, ...changes } = row
  await db
    .insertInto('fediverse_followers')
    .values(row)
    .onConflict((oc) => oc.column('actor_id').doUpdateSet(changes))
    .execute()
}

export async function deleteFollower(db: Db, actorId: string): Promise<FollowerRow | undefined> {
  const row = await db.selectFrom('fediverse_followers').selectAll().where('actor_id', '=', actorId).executeTakeFirst()
  if (row) await db.deleteFrom('fediverse_followers').where('actor_id', '=', actorId).execute()
  return row
}

export async function countFollowers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('fediverse_followers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Followers oldest first, a page after `after` (created_at, actor_id). */
export async function followersPage(
  db: Db,
  limit: number,
  after?: { createdAt: string; actorId: string },
): Promise<FollowerRow[]> {
  let query = db.selectFrom('fediverse_followers').selectAll()
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('actor_id', '>', after.actorId)]),
      ]),
    )
  return query.orderBy('created_at').orderBy('actor_id').limit(limit).execute()
}

export async function isBlocked(db: Db, actorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('fediverse_blocks')
    .select('actor_id')
    .where('actor_id', '=', actorId)
    .executeTakeFirst()
  return row !== undefined
}

export async function insertBlock(db: Db, actorId: string, now: Date): Promise<void> {
  await db
    .insertInto('fediverse_blocks')
    .values({ actor_id: actorId, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('actor_id').doNothing())
    .execute()
}

export async function listBlocks(db: Db): Promise<Array<{ actor_id: string; created_at: string }>> {
  return db.selectFrom('fediverse_blocks').selectAll().orderBy('created_at', 'desc').limit(1000).execute()
}

export async function deleteBlock(db: Db, actorId: string): Promise<void> {
  await db.deleteFrom('fediverse_blocks').where('actor_id', '=', actorId).execute()
}

export async function findArticle(
  db: Db,
  postId: string,
): Promise<{ object_id: string; state: 'created' | 'deleted'; updated_at: string } | undefined> {
  return db
    .selectFrom('fediverse_articles')
    .select(['object_id', 'state', 'updated_at'])
    .where('post_id', '=', postId)
    .executeTakeFirst()
}

/**
 * Marks a post as changed, in the transaction that changes it (see fediverse_pending_posts). A new token each time:
 * a mark being settled meanwhile stays for this change (on PostgreSQL the upsert waits for that settlement).
 */
export async function markPostPending(trx: Trx, postId: string): Promise<void> {
  const token = crypto.randomUUID()
  await trx
    .insertInto('fediverse_pending_posts')
    .values({ post_id: postId, token })
    .onConflict((oc) => oc.column('post_id').doUpdateSet({ token }))
    .execute()
}

/** Marked posts in id order, a page after `after`. */
export async function pendingPostIds(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('fediverse_pending_posts')
    .select('post_id')
    .where('post_id', '>', after)
    .orderBy('post_id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.post_id)
}

export type ArticleRecord = { objectId: string; state: 'created' | 'deleted'; now: Date }

/**
 * Settles a post's mark, if it is still there: `tell` queues what followers must hear and returns what to record of
 * it (null: nothing), which is saved with the mark's removal in one transaction. On PostgreSQL the mark's row stays
 * locked (FOR UPDATE) from before `tell` until that commit, so an instance settling the same post meanwhile waits and
 * then finds the mark gone; a kill before the commit keeps the mark. SQLite has one writing process. The mark is
 * removed only if no change re-marked the post meanwhile (its token is the one read).
 */
export async function settlePendingPost(
  db: Db,
  engine: Engine,
  postId: string,
  tell: () => Promise<ArticleRecord | null>,
): Promise<void> {
  const pending = (trx: Trx) => trx.selectFrom('fediverse_pending_posts').select('token').where('post_id', '=', postId)
  const settle = async (trx: Trx, token: string, record: ArticleRecord | null) => {
    if (record) await saveArticle(trx, postId, record.objectId, record.state, record.now)
    await trx.deleteFrom('fediverse_pending_posts').where('post_id', '=', postId).where('token', '=', token).execute()
  }
  if (engine === 'postgres') {
    await db.transaction().execute(async (trx) => {
      const mark = await pending(trx).forUpdate().executeTakeFirst()
      if (mark) await settle(trx, mark.token, await tell())
    })
    return
  }
  const mark = await pending(db).executeTakeFirst()
  if (!mark) return
  const record = await tell()
  await db.transaction().execute((trx) => settle(trx, mark.token, record))
}

export async function saveArticle(
  db: Trx,
  postId: string,
  objectId: string,
  state: 'created' | 'deleted',
  now: Date,
): Promise<void> {
  const updated_at = now.toISOString()
  await db
    .insertInto('fediverse_articles')
    .values({ post_id: postId, object_id: objectId, state, updated_at })
    .onConflict((oc) => oc.column('post_id').doUpdateSet({ object_id: objectId, state, updated_at }))
    .execute()
}

export async function findPostIdByObjectId(db: Db, objectId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('fediverse_articles')
    .select('post_id')
    .where('object_id', '=', objectId)
    .executeTakeFirst()
  return row?.post_id
}

export async function addReaction(
  db: Db,
  row: { post_id: string; actor_id: string; kind: 'like' | 'boost'; activity_id: string | null; created_at: string },
): Promise<void> {
  await db
    .insertInto('fediverse_reactions')
    .values(row)
    .onConflict((oc) => oc.columns(['post_id', 'actor_id', 'kind']).doNothing())
    .execute()
}

export async function removeReaction(db: Db, postId: string, actorId: string, kind: 'like' | 'boost'): Promise<void> {
  await db
    .deleteFrom('fediverse_reactions')
    .where('post_id', '=', postId)
    .where('actor_id', '=', actorId)
    .where('kind', '=', kind)
    .execute()
}

export async function reactionCounts(db: Db, postId: string): Promise<{ likes: number; boosts: number }> {
  const rows = await db
    .selectFrom('fediverse_reactions')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .where('post_id', '=', postId)
    .groupBy('kind')
    .execute()
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0)
  return { likes: of('like'), boosts: of('boost') }
}
