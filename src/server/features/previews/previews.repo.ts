import type { Db } from '../../db/client.ts'
import type { PostPreviewsTable } from '../../db/schema.ts'

export async function findPreviewByPost(db: Db, postId: string): Promise<PostPreviewsTable | undefined> {
  return db.selectFrom('post_previews').selectAll().where('post_id', '=', postId).executeTakeFirst()
}

export async function findPostIdByToken(db: Db, token: string): Promise<string | undefined> {
  const row = await db.selectFrom('post_previews').select('post_id').where('token', '=', token).executeTakeFirst()
  return row?.post_id
}

/** Inserts the post's link unless it has one already (two clicks at once keep the first). */
export async function insertPreview(db: Db, row: PostPreviewsTable): Promise<void> {
  await db
    .insertInto('post_previews')
    .values(row)
    .onConflict((oc) => oc.column('post_id').doNothing())
    .execute()
}

export async function deletePreview(db: Db, postId: string): Promise<boolean> {
  const result = await db.deleteFrom('post_previews').where('post_id', '=', postId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
