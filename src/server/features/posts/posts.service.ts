import { renderMarkdown } from '#shared/markdown/render.ts'
import { headingsOf } from '#shared/markdown/headings.ts'
import type { Post, PostCard, PostDetail, PostListQuery, PostPage } from '#shared/schemas/post.ts'
import { tagKey } from '#shared/text/tags.ts'
import type { FastifyBaseLogger } from 'fastify'
import { markdownToPlainText } from '#shared/text/markdown-plain-text.ts'
import type { Db, Trx } from '../../db/client.ts'
import type { NewPostRow, PostRow } from '../../db/schema.ts'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts'
import { highlight } from '#shared/markdown/highlight.ts'
import { sanitizePostHtml } from '../../markdown/sanitize.ts'
import { findCategoryIdBySlug } from '../categories/categories.service.ts'
import { syncImageUses } from '../media/media.service.ts'
import { imageInfoByUrl } from '../uploads/uploads.service.ts'
import {
  newPostRow,
  nextFreeSlug,
  postUpdatePatch,
  slugBase,
  type PostInputData,
  type PostUpdateData,
} from './posts.derive.ts'
import { parseTags, rowToCard, rowToDetail, rowToPost } from './posts.mappers.ts'
import * as repo from './posts.repo.ts'
import { recordSlugChange } from '../redirects/redirects.service.ts'
import { recordPostSaved } from '../newsletter/newsletter.service.ts'
import {
  fediverseReactions,
  postChangedForFediverse,
  recordPostChangeForFediverse,
} from '../fediverse/fediverse-posts.service.ts'
import { NEW_POST_KEY, recordSave } from '../revisions/revisions.service.ts'
import {
  facetsOf,
  searchOrderKey,
  searchPosts,
  searchWords,
  writeSearchDocuments,
  type SearchDocument,
} from '../search/search.service.ts'

/** What restores use: a listing's counters recounted from scratch. */
export { recount } from './posts.repo.ts'

export const FEATURED_LIMIT = 3
export const RELATED_LIMIT = 3
const RELATED_PER_SOURCE = 12
const SLUG_ATTEMPTS = 5

/** Who is asking: anonymous readers never see drafts; a logged-in admin sees everything. */
export type Viewer = { isAdmin: boolean }

const SLUG_TAKEN = 'A post with this slug already exists'

/** Cards for ids, in the ids' order. */
async function cardsInOrder(db: Db, ids: string[]): Promise<PostCard[]> {
  const byId = new Map((await repo.cardsByIds(db, ids)).map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [rowToCard(row)] : []
  })
}

/** A page of a list, counted exactly (only searches stop counting: docs/decisions/016). */
const exactPage = (posts: PostCard[], total: number): PostPage => ({ posts, total, totalExact: true })

/** GET /api/posts: one page of cards and the number of matches before paging (a search's is bounded: totalExact). */
export async function listPosts(db: Db, query: PostListQuery, viewer: Viewer): Promise<PostPage> {
  const status = viewer.isAdmin ? (query.status && query.status !== 'all' ? query.status : null) : 'published'
  let categoryId = query.categoryId || undefined
  if (query.category) {
    const found = await findCategoryIdBySlug(db, query.category)
    if (!found || (categoryId && categoryId !== found)) return exactPage([], 0)
    categoryId = found
  }
  const tag = query.tag?.trim()
  const listing: repo.Listing = {
    status,
    categoryId,
    tagKey: tag ? tagKey(tag) : undefined,
    featured: query.featured === undefined ? undefined : query.featured === 'true',
  }
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit }

  if (query.search) {
    const { hits, total, exact } = await searchPosts(
      db,
      { ...listing, words: searchWords(query.search), sort: query.sort },
      page,
    )
    const snippets = new Map(hits.map((h) => [h.id, h.snippet]))
    const cards = await cardsInOrder(
      db,
      hits.map((h) => h.id),
    )
    return { posts: cards.map((card) => ({ ...card, snippet: snippets.get(card.id) })), total, totalExact: exact }
  }

  const total = await repo.listingCount(db, listing)
  // A page past the end is the empty state, found without walking the index.
  if (page.offset >= total) return exactPage([], total)
  return exactPage(await cardsInOrder(db, await repo.listingIds(db, listing, query.sort, page, total)), total)
}

/** At most 3 published featured posts, most recently featured first. */
export async function featuredPosts(db: Db): Promise<PostCard[]> {
  return cardsInOrder(db, await repo.featuredIds(db, FEATURED_LIMIT))
}

async function visibleDetail(db: Db, by: { id: string } | { slug: string }, viewer: Viewer): Promise<repo.DetailRow> {
  const row = await repo.detailBy(db, by)
  if (!row || (!viewer.isAdmin && row.status !== 'published')) notFound('Post')
  return row!
}

export async function postById(db: Db, id: string, viewer: Viewer): Promise<Post> {
  return rowToPost(await visibleDetail(db, { id }, viewer))
}

export async function postBySlug(db: Db, slug: string, viewer: Viewer): Promise<Post> {
  return rowToPost(await visibleDetail(db, { slug }, viewer))
}

/**
 * The post page's data: the post with the HTML and sections made when it was saved. A post made by an older renderer
 * is rendered for this answer only; storing it (with its search text) is the background job's (posts.rederive.ts).
 */
export async function postDetailBySlug(db: Db, slug: string, viewer: Viewer): Promise<PostDetail> {
  const row = await visibleDetail(db, { slug }, viewer)
  const fediverse = await fediverseReactions(db, row.id)
  if (Number(row.render_version) === RENDER_VERSION) return { ...rowToDetail(row), fediverse }
  return { ...rowToDetail({ ...row, ...(await derivedColumns(db, row)) }), fediverse }
}

/**
 * The HTML of these posts, by id (the feed's full text). A post whose stored HTML is from an older renderer, or not
 * rendered yet (a restore renders afterwards), is rendered for this answer, as the post page does.
 */
export async function postHtmlByIds(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await repo.findHtmlByIds(db, ids)
  const html = await Promise.all(
    rows.map(async (r) =>
      Number(r.render_version) === RENDER_VERSION ? r.content_html : (await derivedColumns(db, r)).content_html,
    ),
  )
  return new Map(rows.map((r, i) => [r.id, html[i]!]))
}

const UPLOAD_URL = /\/uploads\/[a-f0-9]{64}\.[a-z]+/g

/**
 * The one place a post's markdown becomes HTML (called when a post is saved, never per request). Uploads become
 * responsive pictures with their size and placeholder colour (docs/decisions/020).
 */
export async function renderPostContent(
  db: Db,
  post: { content: string; featuredImage: string | null },
): Promise<string> {
  const images = await imageInfoByUrl(
    db,
    [...post.content.matchAll(UPLOAD_URL)].map((m) => m[0]),
  )
  return sanitizePostHtml(
    renderMarkdown(post.content, {
      highlight,
      omitImage: post.featuredImage,
      images,
      priorityFirstImage: !post.featuredImage,
    }),
  )
}

/** Bumped whenever rendering changes: posts rendered by an older version are rendered again (see posts.rederive.ts). */
export const RENDER_VERSION = 5

export type DerivedColumns = { content_html: string; headings: string; render_version: number }

/** What the post page shows, made from the content when the post is saved. */
export async function derivedColumns(
  db: Db,
  post: { content: string; featured_image?: string | null },
): Promise<DerivedColumns> {
  return {
    content_html: await renderPostContent(db, { content: post.content, featuredImage: post.featured_image ?? null }),
    headings: JSON.stringify(headingsOf(post.content)),
    render_version: RENDER_VERSION,
  }
}

/** Throws 404 unless the post exists and the viewer may see it (likes, comments and views use this). */
export async function assertPostVisible(db: Db, id: string, viewer: Viewer): Promise<void> {
  const post = await repo.findPostStatus(db, id)
  if (!post || (!viewer.isAdmin && post.status !== 'published')) notFound('Post')
}

/** At most 3 other published posts: same category first, then most shared tags, then latest. */
export async function relatedPosts(db: Db, id: string, viewer: Viewer): Promise<PostCard[]> {
  return relatedTo(db, await postById(db, id, viewer))
}

/**
 * Related posts of a post already at hand. Candidates are the latest of its category and the latest of each of its
 * tags (index ranges, whatever the size of the blog); a candidate's shared tags are the tag lists it appears in.
 */
export async function relatedTo(db: Db, post: Pick<Post, 'id' | 'categoryId' | 'tags'>): Promise<PostCard[]> {
  const tagKeys = [...new Set(post.tags.map(tagKey))]
  const candidates = await repo.relatedCandidates(
    db,
    { id: post.id, categoryId: post.categoryId, tagKeys },
    RELATED_PER_SOURCE,
  )
  const byId = new Map<string, { id: string; sameCategory: number; shared: number; at: string }>()
  for (const c of candidates) {
    const seen = byId.get(c.id) ?? { id: c.id, sameCategory: 0, shared: 0, at: c.published_at ?? '' }
    if (c.source === 'category') seen.sameCategory = 1
    else seen.shared++
    byId.set(c.id, seen)
  }
  const ids = [...byId.values()]
    .sort(
      (a, b) =>
        b.sameCategory - a.sameCategory ||
        b.shared - a.shared ||
        (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1),
    )
    .slice(0, RELATED_LIMIT)
    .map((r) => r.id)
  if (ids.length < RELATED_LIMIT) {
    const latest = await repo.listingIds(db, { status: 'published' }, 'latest', {
      limit: RELATED_LIMIT + ids.length + 1,
      offset: 0,
    })
    ids.push(...latest.filter((l) => l !== post.id && !ids.includes(l)).slice(0, RELATED_LIMIT - ids.length))
  }
  return cardsInOrder(db, ids)
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
 * taken is 409, decided by the unique index so concurrent creates cannot both win. The HTML, sections, search
 * text, tag rows and counters are all written with the post, in one transaction.
 */
/** How a save treats email: SMTP set up (then a post's first publication queues its email to subscribers). */
export type SaveOptions = { emailEnabled?: boolean }

export async function createPost(
  db: Db,
  input: PostInputData,
  authorId: string,
  now: Date,
  opts: SaveOptions = {},
): Promise<Post> {
  await assertCategory(db, input.categoryId)
  const id = crypto.randomUUID()
  const explicit = input.slug || null
  for (let attempt = 1; ; attempt++) {
    const slug = explicit ?? nextFreeSlug(slugBase(input.title), await repo.findSlugsLike(db, slugBase(input.title)))
    const row = newPostRow(input, { id, slug, authorId, now })
    const derived = await derivedColumns(db, row)
    try {
      await db.transaction().execute(async (trx) => {
        await repo.insertPost(trx, { ...row, ...derived })
        await saveListingState(trx, undefined, {
          ...row,
          category_id: row.category_id ?? null,
          published_at: row.published_at ?? null,
        })
        await syncImageUses(trx, { postId: id }, [row.content, row.featured_image])
        await recordPostChangeForFediverse(trx, id)
        await recordPostSaved(trx, {
          postId: id,
          firstPublic: row.status === 'published',
          notPublic: row.status !== 'published',
          sendNewsletter: input.sendNewsletter,
          emailEnabled: opts.emailEnabled === true,
          now,
        })
      })
      break
    } catch (error) {
      // A generated slug taken meanwhile by a concurrent create: pick the next free one.
      if (!explicit && isUniqueViolation(error) && attempt < SLUG_ATTEMPTS) continue
      rethrowWriteError(error)
    }
  }
  const created = await postById(db, id, { isAdmin: true })
  await recordSave(db, created, now, NEW_POST_KEY)
  await postChangedForFediverse(db, id)
  return created
}

/** PUT /api/posts/{id}: any subset of the fields; see postUpdatePatch for what is derived. */
export async function updatePost(
  db: Db,
  id: string,
  patch: PostUpdateData,
  now: Date,
  opts: SaveOptions = {},
): Promise<Post> {
  if (patch.categoryId !== undefined) await assertCategory(db, patch.categoryId)
  let before: { slug: string; status: string } | undefined
  try {
    await db.transaction().execute(async (trx) => {
      const existing = (await repo.findRawPostForUpdate(trx, id)) ?? notFound('Post')
      before = existing
      const changes = postUpdatePatch(existing, patch, now)
      const after = { ...existing, ...changes }
      const derived =
        changes.content !== undefined || changes.featured_image !== undefined ? await derivedColumns(trx, after) : {}
      await repo.updatePostRow(trx, id, { ...changes, ...derived })
      await saveListingState(trx, existing, { ...after, ...derived })
      if (changes.content !== undefined || changes.featured_image !== undefined)
        await syncImageUses(trx, { postId: id }, [after.content, after.featured_image])
      await recordPostChangeForFediverse(trx, id)
      await recordPostSaved(trx, {
        postId: id,
        firstPublic: after.status === 'published' && isFirstPublication(existing),
        notPublic: after.status !== 'published',
        sendNewsletter: patch.sendNewsletter,
        emailEnabled: opts.emailEnabled === true,
        now,
      })
    })
  } catch (error) {
    rethrowWriteError(error)
  }
  if (before?.status === 'published' && patch.slug && patch.slug !== before.slug)
    await recordSlugChange(db, before.slug, patch.slug, now)
  const saved = await postById(db, id, { isAdmin: true })
  await recordSave(db, saved, now)
  await postChangedForFediverse(db, id)
  return saved
}

/** A post that was never public: a draft without a publication time, or scheduled (its time is only planned). */
const isFirstPublication = (before: Pick<PostRow, 'status' | 'published_at'>) =>
  before.status === 'scheduled' || (before.status === 'draft' && before.published_at === null)

export async function deletePost(db: Db, id: string): Promise<void> {
  const deleted = await db.transaction().execute(async (trx) => {
    const touched = await removePostRow(trx, id)
    if (!touched) return false
    await repo.recount(trx, touched)
    await recordPostChangeForFediverse(trx, id)
    return true
  })
  if (!deleted) notFound('Post')
  await postChangedForFediverse(db, id)
}

/**
 * Deletes a post with everything written with it and its listing rows, in the caller's transaction: the counters to
 * recount, or null when there was no such post. deletePost recounts at once; removePostsWithState once per batch.
 */
async function removePostRow(trx: Trx, id: string): Promise<string[] | null> {
  const existing = await repo.findRawPostForUpdate(trx, id)
  if (!existing) return null
  await repo.deletePostRow(trx, id)
  await repo.deleteListingRows(trx, id)
  return repo.counterKeys(listingStateOf(existing))
}

type PostState = Pick<
  PostRow,
  'id' | 'title' | 'excerpt' | 'content' | 'status' | 'published_at' | 'category_id' | 'tags' | 'created_at'
>

export function listingStateOf(post: PostState): repo.ListingState {
  return {
    id: post.id,
    status: post.status,
    published_at: post.published_at,
    category_id: post.category_id,
    tags: parseTags(post.tags).map((tag) => ({ key: tagKey(tag), tag })),
  }
}

/** The searchable text of a post: its words without markdown, its tags as words, its category and tags as facets; ordered by its publication. */
export function searchDocumentOf(post: PostState): SearchDocument & { orderAt: string | null } {
  return {
    orderAt: post.published_at ?? post.created_at,
    post_id: post.id,
    status: post.status,
    published_at: post.published_at,
    title: post.title,
    excerpt: post.excerpt,
    body: markdownToPlainText(post.content, { searchable: true }),
    tags: parseTags(post.tags).join(' '),
    facets: facetsOf(listingStateOf(post)),
  }
}

/**
 * Brings everything that lists or finds a post in line with its new state, in the caller's transaction: its tag
 * rows, its search text and the counters of every listing it left or joined. `after` undefined: it was deleted.
 */
export async function saveListingState(
  trx: Trx,
  before: PostState | undefined,
  after: PostState | undefined,
): Promise<void> {
  if (after) {
    await repo.writeTags(trx, listingStateOf(after))
    await writeSearchDocuments(trx, [searchDocumentOf(after)])
  } else if (before) {
    await repo.deleteListingRows(trx, before.id)
  }
  await repo.recount(trx, [
    ...repo.counterKeys(before && listingStateOf(before)),
    ...repo.counterKeys(after && listingStateOf(after)),
  ])
}

const CHUNK = 200
const TAG_ROWS = 2000

/** Columns of a post not rendered yet: a reader asking for it renders it on demand, rederiveStalePosts stores it. */
const NOT_RENDERED: DerivedColumns = { content_html: '', headings: '[]', render_version: 0 }

export type BulkInsertOptions = {
  /** Leave the HTML to be rendered later (imports of thousands of posts): see NOT_RENDERED. */
  renderLater?: boolean
  /** Collect the listing counters to recount here instead of recounting them at the end of this call. */
  countersToRecount?: Set<string>
}

/**
 * Writes many whole posts at once (demo seed, import, benchmarks) in the caller's transaction: each with its derived
 * HTML, tag rows and search text; the counters of every listing touched are recounted once at the end. Identical
 * contents are rendered once.
 */
export async function insertPostsWithState(db: Db, rows: NewPostRow[], opts: BulkInsertOptions = {}): Promise<void> {
  const rendered = new Map<string, Promise<DerivedColumns>>()
  const derive = (row: NewPostRow) => {
    if (opts.renderLater) return NOT_RENDERED
    const key = `${row.featured_image ?? ''}\u0000${row.content}`
    if (!rendered.has(key)) rendered.set(key, derivedColumns(db, row))
    return rendered.get(key)!
  }
  const touched = opts.countersToRecount ?? new Set<string>()
  // In the order of their search rows: SQLite's full-text index flushes its pending terms whenever a row number goes down.
  const keyed = rows
    .map((row) => ({ row, key: searchOrderKey(row.published_at ?? row.created_at, row.id, row.status) }))
    .sort((a, b) => a.key - b.key)
  const ordered = keyed.map((k) => k.row)
  // Each chunk's search text is extracted while the previous chunk is written: on PostgreSQL the server indexes
  // one chunk while this process prepares the next, yielding every few posts so the driver can send the next
  // statement (SQLite's driver is synchronous: nothing to yield to). The write in flight is awaited before the next.
  const yieldEvery = repo.isPostgres(db) ? 10 : 0
  let writing: Promise<void> = Promise.resolve()
  try {
    for (let i = 0; i < ordered.length; i += CHUNK) {
      const chunk = await Promise.all(
        ordered.slice(i, i + CHUNK).map(async (row) => ({
          ...row,
          category_id: row.category_id ?? null,
          published_at: row.published_at ?? null,
          ...(await derive(row)),
        })),
      )
      const states = chunk.map(listingStateOf)
      const docs: Array<ReturnType<typeof searchDocumentOf>> = []
      for (const row of chunk) {
        docs.push(searchDocumentOf(row))
        if (yieldEvery && docs.length % yieldEvery === 0) await new Promise(setImmediate)
      }
      for (const state of states) for (const key of repo.counterKeys(state)) touched.add(key)
      await writing
      writing = writeChunk(db, chunk, states, docs)
      // Awaited on the next round or below; until then its failure must not count as unhandled.
      writing.catch(() => {})
    }
  } finally {
    // Never leave a write running behind the caller's back (a failed chunk rolls the transaction back).
    await writing.catch(() => {})
  }
  await writing
  if (!opts.countersToRecount) await repo.recount(db, [...touched])
}

/**
 * Takes back posts insertPostsWithState wrote (an import that failed halfway), a few per transaction with a turn of
 * the event loop between: their rows, listing rows and search text go, and the listings' counters are recounted.
 * Unlike deletePost nothing is announced: such posts were never announced either.
 */
export async function removePostsWithState(db: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    await db.transaction().execute(async (trx) => {
      const touched: string[] = []
      for (const id of ids.slice(i, i + BATCH)) touched.push(...((await removePostRow(trx, id)) ?? []))
      await repo.recount(trx, touched)
    })
    await new Promise(setImmediate)
  }
}

async function writeChunk(
  db: Db,
  chunk: NewPostRow[],
  states: repo.ListingState[],
  docs: Array<ReturnType<typeof searchDocumentOf>>,
): Promise<void> {
  await db.insertInto('posts').values(chunk).execute()
  const tagRows = states.flatMap((s) =>
    s.tags.map((t) => ({ tag_key: t.key, post_id: s.id, tag: t.tag, status: s.status, published_at: s.published_at })),
  )
  // A post may carry up to 100 tags: kept well under PostgreSQL's 65,535 parameters a statement (5 a row).
  for (let i = 0; i < tagRows.length; i += TAG_ROWS)
    await db
      .insertInto('post_tags')
      .values(tagRows.slice(i, i + TAG_ROWS))
      .execute()
  await writeSearchDocuments(db, docs)
}

const BATCH = 50

/**
 * Renders again, in small batches that leave the event loop free between them, every post made by an older
 * renderer (or before posts kept their HTML), and rewrites its search text. Readers are never blocked: a post page
 * asked for meanwhile is rendered on demand. Any instance may run it; the work is idempotent.
 */
export async function rederiveStalePosts(db: Db, log: FastifyBaseLogger, signal?: AbortSignal): Promise<number> {
  let done = 0
  while (!signal?.aborted) {
    const batch = await repo.findStaleRenders(db, RENDER_VERSION, BATCH)
    if (!batch.length) break
    for (const post of batch) {
      const derived = await derivedColumns(db, post)
      await db.transaction().execute(async (trx) => {
        await repo.writeDerived(trx, post.id, derived)
        await saveListingState(trx, post, post)
      })
      done++
      // One post at a time: readers' requests are answered between two posts (hundreds may wait after an import).
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  if (done) log.info({ posts: done, renderVersion: RENDER_VERSION }, 'rendered posts again for the current renderer')
  return done
}

/** What the feeds and the sitemap read (feeds.service.ts). */
export { listingCount, sitemapPage, sitemapStart } from './posts.repo.ts'

/** The date format every API object uses. */
export { isoOrNull } from './posts.mappers.ts'
