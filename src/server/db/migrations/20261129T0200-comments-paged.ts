/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

/**
 * Comments are read a page at a time: a post's approved ones oldest first after a given comment, and the moderation
 * list newest first, all or by approval. Each order is an index walk that stops after a page, at any number of
 * comments (the post's index replaces the old (post_id, is_approved) one, which it begins with).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('comments_post_idx').ifExists().execute()
  await db.schema
    .createIndex('comments_post_approved_idx')
    .on('comments')
    .columns(['post_id', 'is_approved', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('comments_moderation_idx')
    .on('comments')
    .columns(['is_approved', 'created_at', 'id'])
    .execute()
  await db.schema.createIndex('comments_created_idx').on('comments').columns(['created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['comments_post_approved_idx', 'comments_moderation_idx', 'comments_created_idx'])
    await db.schema.dropIndex(index).ifExists().execute()
  await db.schema.createIndex('comments_post_idx').on('comments').columns(['post_id', 'is_approved']).execute()
}
