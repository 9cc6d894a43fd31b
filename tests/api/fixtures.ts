import type { Db } from '#server/db/client.ts'
import { insertPostsWithState } from '#server/features/posts/posts.service.ts'

/** A post written through the repository layer (the posts API is another feature's), with its listing state. */
export async function insertPost(
  db: Db,
  fields: { title: string; categoryId?: string | null; status?: 'draft' | 'published'; authorId?: string },
): Promise<string> {
  const authorId = fields.authorId ?? (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const status = fields.status ?? 'published'
  await insertPostsWithState(db, [
    {
      id,
      title: fields.title,
      slug: `${fields.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 8)}`,
      content: `# ${fields.title}`,
      excerpt: fields.title,
      featured_image: null,
      category_id: fields.categoryId ?? null,
      author_id: authorId,
      author_name: null,
      status,
      tags: '[]',
      meta_title: null,
      meta_description: null,
      reading_time: 1,
      published_at: status === 'published' ? now : null,
      featured: 0,
      featured_at: null,
      created_at: now,
      updated_at: now,
    },
  ])
  return id
}
