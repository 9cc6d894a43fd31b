import { sql, type SelectQueryBuilder } from 'kysely'
import type { PostSort } from '#shared/schemas/post.ts'
import type { Db } from '../../db/client.ts'
import type { Database, NewPostRow, PostRow, PostsTable } from '../../db/schema.ts'

/** A post row with what every response embeds: category, author username and the two counts. */
export type PostListRow = PostRow & {
  category_name: string | null
  category_slug: string | null
  category_color: string | null
  author_username: string | null
  like_count: number | string
  comment_count: number | string
}

export type PostFilter = {
  publishedOnly: boolean
  status?: 'draft' | 'published'
  search?: string
  categoryId?: string
  categorySlug?: string
  tag?: string
  featured?: boolean
  ids?: string[]
  excludeId?: string
}

/** `%`, `_` and `\` match themselves in a LIKE pattern with `escape '\'`. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

const ilike = (column: 'title' | 'excerpt' | 'content' | 'tags', pattern: string) =>
  sql<boolean>`lower(${sql.ref(`posts.${column}`)}) like lower(${pattern}) escape '\\'`

function filtered(db: Db, f: PostFilter): SelectQueryBuilder<Database, 'posts', object> {
  let q = db.selectFrom('posts')
  if (f.publishedOnly) q = q.where('posts.status', '=', 'published')
  else if (f.status) q = q.where('posts.status', '=', f.status)
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`
    q = q.where((eb) => eb.or([ilike('title', pattern), ilike('excerpt', pattern), ilike('content', pattern), ilike('tags', pattern)]))
  }
  if (f.categoryId) q = q.where('posts.category_id', '=', f.categoryId)
  if (f.categorySlug) {
    const slug = f.categorySlug
    q = q.where('posts.category_id', 'in', (eb) => eb.selectFrom('categories').select('categories.id').where('categories.slug', '=', slug))
  }
  // Tags are a JSON array in text: an exact tag is its JSON-quoted form inside that text.
  if (f.tag) q = q.where(ilike('tags', `%${escapeLike(JSON.stringify(f.tag.trim()))}%`))
  if (f.featured !== undefined) q = q.where('posts.featured', '=', f.featured ? 1 : 0)
  if (f.ids) q = f.ids.length ? q.where('posts.id', 'in', f.ids) : q.where(sql<boolean>`1 = 0`)
  if (f.excludeId) q = q.where('posts.id', '!=', f.excludeId)
  return q
}

function withEmbeds(q: SelectQueryBuilder<Database, 'posts', object>) {
  return q
    .leftJoin('categories', 'categories.id', 'posts.category_id')
    .leftJoin('users', 'users.id', 'posts.author_id')
    .selectAll('posts')
    .select(['categories.name as category_name', 'categories.slug as category_slug', 'categories.color as category_color', 'users.username as author_username'])
    .select((eb) => [
      eb.selectFrom('likes').select(eb.fn.countAll<number>().as('n')).whereRef('likes.post_id', '=', 'posts.id').as('like_count'),
      eb
        .selectFrom('comments')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('comments.post_id', '=', 'posts.id')
        .where('comments.is_approved', '=', 1)
        .as('comment_count'),
    ])
}

// Drafts have no publishedAt: "latest" lists them first (the newest work), "oldest" last; the same on both engines.
const unpublishedFirst = sql<number>`case when posts.published_at is null then 0 else 1 end`

export async function findPosts(db: Db, f: PostFilter, page: { sort: PostSort; limit: number; offset: number }): Promise<PostListRow[]> {
  let q = withEmbeds(filtered(db, f))
  if (page.sort === 'oldest') {
    q = q.orderBy(unpublishedFirst, 'desc').orderBy('posts.published_at', 'asc').orderBy('posts.created_at', 'asc').orderBy('posts.id', 'asc')
  } else {
    if (page.sort === 'popular') q = q.orderBy('posts.views', 'desc')
    q = q.orderBy(unpublishedFirst, 'asc').orderBy('posts.published_at', 'desc').orderBy('posts.created_at', 'desc').orderBy('posts.id', 'desc')
  }
  return (await q.limit(page.limit).offset(page.offset).execute()) as PostListRow[]
}

export async function countPosts(db: Db, f: PostFilter): Promise<number> {
  const row = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
  return Number(row?.total ?? 0)
}

export async function findFeatured(db: Db, limit: number): Promise<PostListRow[]> {
  const rows = await withEmbeds(filtered(db, { publishedOnly: true, featured: true }))
    .orderBy(sql`case when posts.featured_at is null then 1 else 0 end`)
    .orderBy('posts.featured_at', 'desc')
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute()
  return rows as PostListRow[]
}

export async function findPostBy(db: Db, by: { id: string } | { slug: string }): Promise<PostListRow | undefined> {
  const base = db.selectFrom('posts')
  const q = 'id' in by ? base.where('posts.id', '=', by.id) : base.where('posts.slug', '=', by.slug)
  return (await withEmbeds(q).executeTakeFirst()) as PostListRow | undefined
}

/** Light rows of published posts sharing the category or any tag, for ranking related posts in code. */
export async function findRelatedCandidates(
  db: Db,
  post: { id: string; categoryId: string | null; tags: string[] },
  limit: number,
): Promise<Array<Pick<PostRow, 'id' | 'category_id' | 'tags' | 'published_at' | 'created_at'>>> {
  const tagPatterns = post.tags.map((t) => `%${escapeLike(JSON.stringify(t))}%`)
  return db
    .selectFrom('posts')
    .select(['id', 'category_id', 'tags', 'published_at', 'created_at'])
    .where('status', '=', 'published')
    .where('id', '!=', post.id)
    .where((eb) => {
      const any = tagPatterns.map((p) => ilike('tags', p))
      if (post.categoryId) any.push(sql<boolean>`${sql.ref('posts.category_id')} = ${post.categoryId}`)
      return any.length ? eb.or(any) : sql<boolean>`1 = 0`
    })
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export async function findLatestIds(db: Db, excludeIds: string[], limit: number): Promise<string[]> {
  let q = db.selectFrom('posts').select('id').where('status', '=', 'published')
  if (excludeIds.length) q = q.where('id', 'not in', excludeIds)
  const rows = await q.orderBy('published_at', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
  return rows.map((r) => r.id)
}

export async function findPostStatus(db: Db, id: string): Promise<{ id: string; status: string } | undefined> {
  return db.selectFrom('posts').select(['id', 'status']).where('id', '=', id).executeTakeFirst()
}

export async function findRawPost(db: Db, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Slugs equal to `base` or `base-<anything>`: the taken ones a new "-N" suffix must avoid. */
export async function findSlugsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), sql<boolean>`${sql.ref('slug')} like ${`${escapeLike(base)}-%`} escape '\\'`]))
    .execute()
  return rows.map((r) => r.slug)
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst())
}

export async function insertPost(db: Db, row: NewPostRow): Promise<void> {
  await db.insertInto('posts').values(row).execute()
}

export async function updatePostRow(db: Db, id: string, patch: Partial<Omit<PostsTable, 'id' | 'views'>>): Promise<void> {
  await db.updateTable('posts').set(patch).where('id', '=', id).execute()
}

/** Deletes the post with its likes, comments and view counts (the foreign keys cascade too; this does not rely on it). */
export async function deletePostRow(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('likes').where('post_id', '=', id).execute()
    await trx.deleteFrom('comments').where('post_id', '=', id).execute()
    await trx.deleteFrom('post_views_daily').where('post_id', '=', id).execute()
    await trx.deleteFrom('view_marks').where('post_id', '=', id).execute()
    const result = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  })
}

/** Stored sizes of uploaded images, by file name. */
export async function findImageSizes(db: Db, fileNames: string[]): Promise<Array<{ file_name: string; width: number | null; height: number | null }>> {
  if (!fileNames.length) return []
  return db.selectFrom('images').select(['file_name', 'width', 'height']).where('file_name', 'in', fileNames).execute()
}
