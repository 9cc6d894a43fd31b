/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any> on purpose: frozen in time, independent of the app schema */
import type { Kysely } from 'kysely'

// Frozen in time: never import app code here, never edit after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  // The date index ends with the post's id, the tie-break of every search order: a public search that most posts
  // match reads the newest (or oldest) posts in their page order from it, with no sort.
  await db.schema.dropIndex('post_search_status_idx').execute()
  await db.schema
    .createIndex('post_search_status_idx')
    .on('post_search')
    .columns(['status', 'published_at', 'post_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('post_search_status_idx').execute()
  await db.schema.createIndex('post_search_status_idx').on('post_search').columns(['status', 'published_at']).execute()
}
