/* eslint-disable @typescript-eslint/no-explicit-any -- the schema of an older migration, like the migrations themselves */
import { Migrator, type Kysely } from 'kysely'
import { expect } from 'vitest'
import type { DbHandle } from '#server/db/client.ts'
import { MIGRATIONS } from '#server/db/migrate.ts'

/**
 * A test database migrated up to the migration just before `name`: its db, typed loosely as the older schema it now
 * has, the migrator to go on (or back) with, and that migration's name.
 */
export async function migratedToBefore(handle: DbHandle, name: string) {
  const db = handle.db as unknown as Kysely<any>
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
  const before = Object.keys(MIGRATIONS)
    .sort()
    .filter((migration) => migration < name)
    .at(-1)!
  expect((await migrator.migrateTo(before)).error).toBeUndefined()
  return { db, migrator, before }
}

export type MigrationPost = { id: string; title: string; status: string; at: string; body: string; published: boolean }

/** The time key of a post's search row (search-order-key.ts) without its side of 0. */
export function timeKeyOf(at: string, postId: string): number {
  let hash = 0
  for (let i = 0; i < postId.length; i++) hash = (hash * 31 + postId.charCodeAt(i)) >>> 0
  return Date.parse(at) * 2 ** 10 + (hash % 2 ** 10)
}

/**
 * A blog for the search migrations' tests, written as an older schema holds it: an author and 30 posts a minute
 * apart, drafts, scheduled and published, some with "kestrel" in the title, some in the body. Search rows are the
 * test's own: each migration numbered them its way.
 */
export async function insertMigrationPosts(db: Kysely<any>): Promise<MigrationPost[]> {
  const now = '2026-01-01T00:00:00.000Z'
  await db
    .insertInto('users')
    .values({ id: 'u', username: 'u', email: 'u@x.com', password_hash: 'x', role: 'admin', created_at: now })
    .execute()
  const posts = Array.from({ length: 30 }, (_, i) => {
    const at = new Date(Date.parse(now) + i * 60_000).toISOString()
    const status = i % 5 === 0 ? 'draft' : i % 7 === 0 ? 'scheduled' : 'published'
    const title = i % 3 === 0 ? `Kestrel notes ${i}` : `Notes ${i}`
    return {
      id: `p${i}`,
      title,
      status,
      at,
      body: i % 2 === 0 ? 'a kestrel hovers' : 'plain words',
      published: status === 'published',
    }
  })
  await db
    .insertInto('posts')
    .values(
      posts.map((p) => ({
        id: p.id,
        title: p.title,
        slug: p.id,
        content: p.body,
        excerpt: '',
        author_id: 'u',
        status: p.status,
        tags: '[]',
        reading_time: 1,
        views: 0,
        featured: 0,
        published_at: p.published ? p.at : null,
        created_at: p.at,
        updated_at: p.at,
      })),
    )
    .execute()
  return posts
}
