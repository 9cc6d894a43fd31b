import { renderMarkdown } from '#shared/markdown/render.ts'
import type { Post, PostDetail, PostListQuery, PostPage } from '#shared/schemas/post.ts'
import type { Db } from '../../db/client.ts'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts'
import { highlight } from '../../markdown/highlight.ts'
import { newPostRow, nextFreeSlug, postUpdatePatch, slugBase, type PostInputData, type PostUpdateData } from './posts.derive.ts'
import { parseTags, rowToPost } from './posts.mappers.ts'
import * as repo from './posts.repo.ts'

export const FEATURED_LIMIT = 3
export const RELATED_LIMIT = 3
const RELATED_CANDIDATES = 50
const SLUG_ATTEMPTS = 5

/** Who is asking: anonymous readers never see drafts; a logged-in admin sees everything. */
export type Viewer = { isAdmin: boolean }

const SLUG_TAKEN = 'A post with this slug already exists'

/** GET /api/posts: one page of posts and the number of matches before paging. */
export async function listPosts(db: Db, query: PostListQuery, viewer: Viewer): Promise<PostPage> {
  const filter: repo.PostFilter = {
    publishedOnly: !viewer.isAdmin,
    status: query.status && query.status !== 'all' ? query.status : undefined,
    search: query.search || undefined,
    categoryId: query.categoryId || undefined,
    categorySlug: query.category || undefined,
    tag: query.tag?.trim() || undefined,
    featured: query.featured === undefined ? undefined : query.featured === 'true',
  }
  const [rows, total] = await Promise.all([
    repo.findPosts(db, filter, { sort: query.sort, limit: query.limit, offset: (query.page - 1) * query.limit }),
    repo.countPosts(db, filter),
  ])
  return { posts: rows.map(rowToPost), total }
}

/** At most 3 published featured posts, most recently featured first. */
export async function featuredPosts(db: Db): Promise<Post[]> {
  return (await repo.findFeatured(db, FEATURED_LIMIT)).map(rowToPost)
}

const visible = (row: repo.PostListRow | undefined, viewer: Viewer) => (row && (viewer.isAdmin || row.status === 'published') ? row : undefined)

export async function postById(db: Db, id: string, viewer: Viewer): Promise<Post> {
  const row = visible(await repo.findPostBy(db, { id }), viewer) ?? notFound('Post')
  return rowToPost(row)
}

export async function postBySlug(db: Db, slug: string, viewer: Viewer): Promise<Post> {
  const row = visible(await repo.findPostBy(db, { slug }), viewer) ?? notFound('Post')
  return rowToPost(row)
}

/** The post page's data: the post plus its content rendered to safe, highlighted HTML. */
export async function postDetailBySlug(db: Db, slug: string, viewer: Viewer): Promise<PostDetail> {
  const post = await postBySlug(db, slug, viewer)
  return { ...post, contentHtml: await renderPostContent(db, post) }
}

const UPLOAD_URL = /\/uploads\/([A-Za-z0-9._-]+)/g

export async function renderPostContent(db: Db, post: Pick<Post, 'content' | 'featuredImage'>): Promise<string> {
  const fileNames = [...new Set([...post.content.matchAll(UPLOAD_URL)].map((m) => m[1] ?? ''))].slice(0, 100)
  const imageSizes: Record<string, { width: number; height: number }> = {}
  for (const image of await repo.findImageSizes(db, fileNames)) {
    if (image.width && image.height) imageSizes[`/uploads/${image.file_name}`] = { width: image.width, height: image.height }
  }
  return renderMarkdown(post.content, { highlight, omitImage: post.featuredImage, imageSizes })
}

/** Throws 404 unless the post exists and the viewer may see it (likes, comments and views use this). */
export async function assertPostVisible(db: Db, id: string, viewer: Viewer): Promise<void> {
  const post = await repo.findPostStatus(db, id)
  if (!post || (!viewer.isAdmin && post.status !== 'published')) notFound('Post')
}

/** At most 3 other published posts: same category first, then most shared tags, then latest. */
export async function relatedPosts(db: Db, id: string, viewer: Viewer): Promise<Post[]> {
  const post = await postById(db, id, viewer)
  const candidates = await repo.findRelatedCandidates(db, { id, categoryId: post.categoryId, tags: post.tags }, RELATED_CANDIDATES)
  const tags = new Set(post.tags.map((t) => t.toLowerCase()))
  const ranked = candidates
    .map((c) => ({
      id: c.id,
      sameCategory: post.categoryId !== null && c.category_id === post.categoryId ? 1 : 0,
      shared: parseTags(c.tags).filter((t) => tags.has(t.toLowerCase())).length,
      at: c.published_at ?? c.created_at,
    }))
    .sort((a, b) => b.sameCategory - a.sameCategory || b.shared - a.shared || (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  const ids = ranked.slice(0, RELATED_LIMIT).map((r) => r.id)
  if (ids.length < RELATED_LIMIT) ids.push(...(await repo.findLatestIds(db, [id, ...ids], RELATED_LIMIT - ids.length)))
  const rows = await repo.findPosts(db, { publishedOnly: true, ids }, { sort: 'latest', limit: RELATED_LIMIT, offset: 0 })
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((i) => {
    const row = byId.get(i)
    return row ? [rowToPost(row)] : []
  })
}

async function assertCategory(db: Db, categoryId: string | null | undefined): Promise<void> {
  if (categoryId && !(await repo.categoryExists(db, categoryId))) badRequest('Category not found')
}

const isForeignKeyViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

function rethrowWriteError(error: unknown): never {
  if (isUniqueViolation(error)) conflict(SLUG_TAKEN)
  if (isForeignKeyViolation(error)) badRequest('Category not found')
  throw error
}

/**
 * POST /api/posts. A missing slug comes from the title and is made unique (-2, -3…); an explicit slug that is
 * taken is 409, decided by the unique index so concurrent creates cannot both win.
 */
export async function createPost(db: Db, input: PostInputData, authorId: string, now: Date): Promise<Post> {
  await assertCategory(db, input.categoryId)
  const id = crypto.randomUUID()
  const explicit = input.slug || null
  for (let attempt = 1; ; attempt++) {
    const slug = explicit ?? nextFreeSlug(slugBase(input.title), await repo.findSlugsLike(db, slugBase(input.title)))
    try {
      await repo.insertPost(db, newPostRow(input, { id, slug, authorId, now }))
      break
    } catch (error) {
      // A generated slug taken meanwhile by a concurrent create: pick the next free one.
      if (!explicit && isUniqueViolation(error) && attempt < SLUG_ATTEMPTS) continue
      rethrowWriteError(error)
    }
  }
  return postById(db, id, { isAdmin: true })
}

/** PUT /api/posts/{id}: any subset of the fields; see postUpdatePatch for what is derived. */
export async function updatePost(db: Db, id: string, patch: PostUpdateData, now: Date): Promise<Post> {
  const existing = (await repo.findRawPost(db, id)) ?? notFound('Post')
  if (patch.categoryId !== undefined) await assertCategory(db, patch.categoryId)
  try {
    await repo.updatePostRow(db, id, postUpdatePatch(existing, patch, now))
  } catch (error) {
    rethrowWriteError(error)
  }
  return postById(db, id, { isAdmin: true })
}

export async function deletePost(db: Db, id: string): Promise<void> {
  if (!(await repo.deletePostRow(db, id))) notFound('Post')
}
