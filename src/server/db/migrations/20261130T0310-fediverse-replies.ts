/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // Replies from the fediverse are comments: where one came from (null: this site), its author's profile and the
  // id of the remote note (one comment per note; Update and Delete of the note find it by this).
  await db.schema.alterTable('comments').addColumn('source', 'text').execute()
  await db.schema.alterTable('comments').addColumn('author_url', 'text').execute()
  await db.schema.alterTable('comments').addColumn('remote_id', 'text').execute()
  await db.schema.createIndex('comments_remote_idx').on('comments').column('remote_id').unique().execute()
  // Likes and boosts of a post from the fediverse: one per remote actor and kind.
  await db.schema
    .createTable('fediverse_reactions')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // like | boost
    .addColumn('activity_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fediverse_reactions_pk', ['post_id', 'actor_id', 'kind'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fediverse_reactions').ifExists().execute()
  await db.schema.dropIndex('comments_remote_idx').ifExists().execute()
  for (const column of ['remote_id', 'author_url', 'source'])
    await db.schema.alterTable('comments').dropColumn(column).execute()
}
