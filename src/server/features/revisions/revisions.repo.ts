import type { Db } from '../../db/client.ts'
import type { PostAutosavesTable, PostRevisionsTable } from '../../db/schema.ts'

export async function findAutosave(db: Db, key: string): Promise<PostAutosavesTable | undefined> {
  return db.selectFrom('post_autosaves').selectAll().where('post_key', '=', key).executeTakeFirst()
}

export async function upsertAutosave(db: Db, row: PostAutosavesTable): Promise<void> {
  await db
    .insertInto('post_autosaves')
    .values(row)
    .onConflict((oc) => oc.column('post_key').doUpdateSet({ data: row.data, saved_at: row.saved_at }))
    .execute()
}

export async function deleteAutosave(db: Db, key: string): Promise<void> {
  await db.deleteFrom('post_autosaves').where('post_key', '=', key).execute()
}

/** Autosaves untouched since `before` (and those of deleted posts, which nothing reads). */
export async function deleteStaleAutosaves(db: Db, before: string): Promise<void> {
  await db.deleteFrom('post_autosaves').where('saved_at', '<', before).execute()
  await db
    .deleteFrom('post_autosaves')
    .where('post_key', '!=', 'new')
    .where('post_key', 'not in', (eb) => eb.selectFrom('posts').select('id'))
    .execute()
}

export async function postExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst())
}

/** Newest first: light columns only, for the list and for pruning. */
export async function findRevisionSizes(
  db: Db,
  postId: string,
): Promise<Array<Pick<PostRevisionsTable, 'id' | 'size' | 'created_at'>>> {
  return db
    .selectFrom('post_revisions')
    .select(['id', 'size', 'created_at'])
    .where('post_id', '=', postId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function findLatestRevision(db: Db, postId: string): Promise<PostRevisionsTable | undefined> {
  return db
    .selectFrom('post_revisions')
    .selectAll()
    .where('post_id', '=', postId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function findRevisionList(
  db: Db,
  postId: string,
): Promise<Array<Pick<PostRevisionsTable, 'id' | 'title' | 'size' | 'created_at'>>> {
  return db
    .selectFrom('post_revisions')
    .select(['id', 'title', 'size', 'created_at'])
    .where('post_id', '=', postId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function findRevision(db: Db, postId: string, id: string): Promise<PostRevisionsTable | undefined> {
  return db
    .selectFrom('post_revisions')
    .selectAll()
    .where('post_id', '=', postId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function insertRevision(db: Db, row: PostRevisionsTable): Promise<void> {
  await db.insertInto('post_revisions').values(row).execute()
}

export async function deleteRevisions(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('post_revisions').where('id', 'in', ids).execute()
}

export async function slugTakenByOther(db: Db, slug: string, postId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('posts').select('id').where('slug', '=', slug).where('id', '!=', postId).executeTakeFirst(),
  )
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst())
}
