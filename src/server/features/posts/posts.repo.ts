import { CompiledQuery, PostgresAdapter, sql, type SelectQueryBuilder, type Updateable } from 'kysely'
import type { PostSort, PostStatus } from '#shared/schemas/post.ts'
import type { Db, Trx } from '../../db/client.ts'
import { compiledOnce } from '../../db/compiled-once.ts'
import type { Database, NewPostRow, PostRow, PostsTable } from '../../db/schema.ts'
import { deleteSearchDocument } from '../search/search.service.ts'

/** `%`, `_` and `\` match themselves in a LIKE pattern with `escape '\'`. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** The stored row, locked until the transaction ends on PostgreSQL (SQLite has one writer at a time). */
export async function findRawPostForUpdate(db: Trx, id: string): Promise<PostRow | undefined> {
  const q = db.selectFrom('posts').selectAll().where('id', '=', id)
  return (db.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q).executeTakeFirst()
}

/** Slugs equal to `base` or `base-<anything>`: the taken ones a new "-N" suffix must avoid. */
export async function findSlugsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('slug')
    .where((eb) =>
      eb.or([eb('slug', '=', base), sql<boolean>`${sql.ref('slug')} like ${`${escapeLike(base)}-%`} escape '\\'`]),
    )
    .execute()
  return rows.map((r) => r.slug)
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst())
}

export async function insertPost(db: Trx, row: NewPostRow): Promise<void> {
  await db.insertInto('posts').values(row).execute()
}

/** What a save may change: never the id or the counters (those move only with likes, comments and views). */
export type PostPatch = Omit<Updateable<PostsTable>, 'id' | 'views' | 'like_count' | 'comment_count'>

export async function updatePostRow(db: Trx, id: string, patch: PostPatch): Promise<void> {
  await db.updateTable('posts').set(patch).where('id', '=', id).execute()
}

/** Deletes the post with its likes, comments and view counts (the foreign keys cascade too; this does not rely on it). */
export async function deletePostRow(db: Trx, id: string): Promise<void> {
  await db.deleteFrom('likes').where('post_id', '=', id).execute()
  await db.deleteFrom('comments').where('post_id', '=', id).execute()
  await db.deleteFrom('post_views_daily').where('post_id', '=', id).execute()
  await db.deleteFrom('post_views_recent').where('post_id', '=', id).execute()
  await db.deleteFrom('view_marks').where('post_id', '=', id).execute()
  await db.deleteFrom('posts').where('id', '=', id).execute()
}

export async function writeDerived(
  db: Trx,
  id: string,
  derived: Pick<PostRow, 'content_html' | 'headings' | 'render_version'>,
): Promise<void> {
  await db.updateTable('posts').set(derived).where('id', '=', id).execute()
}

/**
 * Posts rendered by an older renderer than `version`, a batch at a time, walking posts_render_version_idx. (Ordered
 * by id, SQLite walked the primary key instead and read every post at every start when none was stale.)
 */
export const staleRendersQuery = (db: Db, version: number, limit: number) =>
  db.selectFrom('posts').selectAll().where('render_version', '<', version).orderBy('render_version').limit(limit)

export async function findStaleRenders(db: Db, version: number, limit: number): Promise<PostRow[]> {
  return staleRendersQuery(db, version, limit).execute()
}

/** The stored HTML of these posts with what it takes to render it again when it is stale. */
export async function findHtmlByIds(db: Db, ids: string[]) {
  return db
    .selectFrom('posts')
    .select(['id', 'content', 'featured_image', 'content_html', 'render_version'])
    .where('id', 'in', ids)
    .execute()
}

/** What a card shows: every column but the content and what is derived from it. */
const CARD_COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.slug',
  'posts.excerpt',
  'posts.featured_image',
  'posts.category_id',
  'posts.author_id',
  'posts.author_name',
  'posts.status',
  'posts.tags',
  'posts.meta_title',
  'posts.meta_description',
  'posts.reading_time',
  'posts.views',
  'posts.like_count',
  'posts.comment_count',
  'posts.published_at',
  'posts.featured',
  'posts.featured_at',
  'posts.created_at',
  'posts.updated_at',
] as const

type Embeds = {
  category_name: string | null
  category_slug: string | null
  category_color: string | null
  author_username: string | null
  author_display_name: string | null
}
export type CardRow = Omit<PostRow, 'content' | 'content_html' | 'headings' | 'render_version'> & Embeds
export type DetailRow = PostRow & Embeds

function withEmbeds<O>(q: SelectQueryBuilder<Database, 'posts', O>) {
  return q
    .leftJoin('categories', 'categories.id', 'posts.category_id')
    .leftJoin('users', 'users.id', 'posts.author_id')
    .leftJoin('author_profiles', 'author_profiles.user_id', 'posts.author_id')
    .select([
      'categories.name as category_name',
      'categories.slug as category_slug',
      'categories.color as category_color',
      'users.username as author_username',
      'author_profiles.display_name as author_display_name',
    ])
}

const cardsRead = compiledOnce((db, ids) =>
  withEmbeds(db.selectFrom('posts').select(CARD_COLUMNS)).where('posts.id', 'in', ids),
)

/** Cards by id (in no particular order): primary-key lookups, whatever the size of the blog. */
export async function cardsByIds(db: Db, ids: string[]): Promise<CardRow[]> {
  if (!ids.length) return []
  return (await cardsRead(db, 'ids', ids)) as CardRow[]
}

const detailRead = compiledOnce((db, [value], by) => {
  const base = db.selectFrom('posts').selectAll('posts')
  return withEmbeds(by === 'id' ? base.where('posts.id', '=', value!) : base.where('posts.slug', '=', value!))
})

export async function detailBy(db: Db, by: { id: string } | { slug: string }): Promise<DetailRow | undefined> {
  const rows = 'id' in by ? await detailRead(db, 'id', [by.id]) : await detailRead(db, 'slug', [by.slug])
  return rows[0] as DetailRow | undefined
}

/** Which posts a list shows. `status: null` is the admin's "all"; a public list is always 'published'. */
export type Listing = {
  status: PostStatus | null
  categoryId?: string
  tagKey?: string
  featured?: boolean
}

// Drafts have no publishedAt: the admin's "latest" lists them first (the newest work), "oldest" last.
const unpublishedFirst = sql<number>`case when posts.published_at is null then 0 else 1 end`

/**
 * The ids of a list in display order, as a query the planner serves from an index: (status, published_at, id) for
 * latest/oldest, (status, views, …) for popular, the (category_id, …) twins for a category, and post_tags'
 * (tag_key, status, published_at, post_id) for a tag. Exported for the query-plan test.
 */
/** The part of a Kysely select both ways of listing share. */
export type IdsQuery = {
  limit(n: number): IdsQuery
  offset(n: number): IdsQuery
  clearOrderBy(): IdsQuery
  execute(): Promise<Array<{ id: string }>>
  compile(): { sql: string; parameters: readonly unknown[] }
}

/** Which end of its ordering a list is read from: a page in the second half is read backwards from the end. */
export type ListEnd = 'start' | 'end'

export function listingIdsQuery(db: Db, listing: Listing, sort: PostSort, from: ListEnd = 'start'): IdsQuery {
  const dir = (wanted: 'asc' | 'desc') => (from === 'start' ? wanted : wanted === 'asc' ? 'desc' : 'asc')
  const byTagAlone =
    listing.tagKey !== undefined &&
    listing.categoryId === undefined &&
    listing.featured === undefined &&
    sort !== 'popular' &&
    listing.status
  if (byTagAlone) {
    const q = db
      .selectFrom('post_tags')
      .select('post_tags.post_id as id')
      .where('post_tags.tag_key', '=', listing.tagKey!)
      .where('post_tags.status', '=', listing.status!)
    const time = dir(sort === 'oldest' ? 'asc' : 'desc')
    return q.orderBy('post_tags.published_at', time).orderBy('post_tags.post_id', time)
  }

  let q = db.selectFrom('posts').select('posts.id as id')
  if (listing.status) q = q.where('posts.status', '=', listing.status)
  if (listing.categoryId !== undefined) q = q.where('posts.category_id', '=', listing.categoryId)
  if (listing.featured !== undefined) q = q.where('posts.featured', '=', listing.featured ? 1 : 0)
  if (listing.tagKey !== undefined) {
    const tagKey = listing.tagKey
    q = q.where('posts.id', 'in', (eb) =>
      eb.selectFrom('post_tags').select('post_tags.post_id').where('post_tags.tag_key', '=', tagKey),
    )
  }
  const time = dir(sort === 'oldest' ? 'asc' : 'desc')
  if (listing.status !== 'published') {
    // The admin's lists (drafts have no publishedAt): newest work first, by creation among equals.
    if (!listing.status) q = q.orderBy(unpublishedFirst, dir(sort === 'oldest' ? 'desc' : 'asc'))
    if (sort === 'popular') q = q.orderBy('posts.views', dir('desc'))
    return q.orderBy('posts.published_at', time).orderBy('posts.created_at', time).orderBy('posts.id', time)
  }
  if (sort === 'popular') q = q.orderBy('posts.views', dir('desc'))
  return q.orderBy('posts.published_at', time).orderBy('posts.id', time)
}

/**
 * Where a page's rows are in its list's ordering, read from the nearer end: OFFSET walks the index up to the page,
 * so a page in the second half (the last page, "oldest" read from its end) is read backwards from the end and
 * its rows reversed. No page walks more than half the list.
 */
export function pageWindow(
  total: number,
  page: { limit: number; offset: number },
): { from: ListEnd; limit: number; offset: number } {
  if (page.offset * 2 < total) return { from: 'start', ...page }
  const limit = Math.max(0, Math.min(page.limit, total - page.offset))
  return { from: 'end', limit, offset: Math.max(0, total - page.offset - limit) }
}

/** A page of a list's ids in display order; `total` (the list's size, when known) lets a deep page be read from the end. */
export async function listingIds(
  db: Db,
  listing: Listing,
  sort: PostSort,
  page: { limit: number; offset: number },
  total?: number,
): Promise<string[]> {
  const window = total === undefined ? { from: 'start' as const, ...page } : pageWindow(total, page)
  if (window.limit === 0) return []
  const rows = await listingIdsQuery(db, listing, sort, window.from).limit(window.limit).offset(window.offset).execute()
  const ids = rows.map((r) => r.id)
  return window.from === 'end' ? ids.reverse() : ids
}

/** A public list's total comes from the counters kept on write; anything else is counted (admin lists). */
export async function listingCount(db: Db, listing: Listing): Promise<number> {
  const counterKey =
    listing.status === 'published' && listing.featured === undefined
      ? listing.tagKey !== undefined
        ? listing.categoryId === undefined
          ? `tag:${listing.tagKey}`
          : null
        : listing.categoryId !== undefined
          ? `category:${listing.categoryId}`
          : 'published'
      : null
  if (counterKey) {
    const row = await db.selectFrom('post_counts').select('n').where('key', '=', counterKey).executeTakeFirst()
    return Number(row?.n ?? 0)
  }
  const { sql: text, parameters } = listingIdsQuery(db, listing, 'latest').clearOrderBy().compile()
  const result = await db.executeQuery<{ n: number }>(
    CompiledQuery.raw(`select count(*) as n from (${text}) as matches`, [...parameters]),
  )
  return Number(result.rows[0]?.n ?? 0)
}

/** At most `limit` published featured posts, most recently featured first (posts_featured_idx). */
export const featuredIdsQuery = (db: Db, limit: number) =>
  db
    .selectFrom('posts')
    .select('id')
    .where('featured', '=', 1)
    .where('status', '=', 'published')
    .orderBy('featured_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)

export async function featuredIds(db: Db, limit: number): Promise<string[]> {
  return (await featuredIdsQuery(db, limit).execute()).map((r) => r.id)
}

export const relatedByCategoryQuery = (db: Db, postId: string, categoryId: string, limit: number) =>
  db
    .selectFrom('posts')
    .select(['id', 'category_id', 'published_at'])
    .where('category_id', '=', categoryId)
    .where('status', '=', 'published')
    .where('id', '!=', postId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)

export const relatedByTagQuery = (db: Db, postId: string, tagKey: string, limit: number) =>
  db
    .selectFrom('post_tags')
    .select(['post_id as id', 'published_at'])
    .where('tag_key', '=', tagKey)
    .where('status', '=', 'published')
    .where('post_id', '!=', postId)
    .orderBy('published_at', 'desc')
    .orderBy('post_id', 'desc')
    .limit(limit)

type RelatedSource = 'category' | 'tag'
/** Related posts look at the first ten of a post's tags. */
const RELATED_TAGS = 10

/**
 * Light rows for ranking related posts: the latest of the same category, and the latest sharing each tag. One
 * statement (a UNION ALL of per-source index walks) rather than one per source: a round trip each cost more than
 * the walks themselves.
 */
export function relatedCandidatesQuery(
  db: Db,
  post: { id: string; categoryId: string | null; tagKeys: string[] },
  perSource: number,
) {
  const source = (name: RelatedSource) => sql<RelatedSource>`${sql.lit(name)}`.as('source')
  const branches = [
    ...(post.categoryId
      ? [
          db
            .selectFrom(relatedByCategoryQuery(db, post.id, post.categoryId, perSource).as('r'))
            .select(['r.id', 'r.published_at', source('category')]),
        ]
      : []),
    ...post.tagKeys
      .slice(0, RELATED_TAGS)
      .map((tagKey) =>
        db
          .selectFrom(relatedByTagQuery(db, post.id, tagKey, perSource).as('r'))
          .select(['r.id', 'r.published_at', source('tag')]),
      ),
  ]
  const [first, ...rest] = branches
  return first && rest.reduce((union, branch) => union.unionAll(branch), first)
}

// Values: the post's id, its category's when it has one, then its tag keys; the shape says which.
const relatedRead = compiledOnce((db, [id, ...rest], shape) => {
  const [perSource, withCategory] = shape.split(':')
  const categoryId = withCategory === 'category' ? rest.shift()! : null
  return relatedCandidatesQuery(db, { id: id!, categoryId, tagKeys: rest }, Number(perSource))!
})

export async function relatedCandidates(
  db: Db,
  post: { id: string; categoryId: string | null; tagKeys: string[] },
  perSource: number,
): Promise<Array<{ id: string; published_at: string | null; source: RelatedSource }>> {
  const tagKeys = post.tagKeys.slice(0, RELATED_TAGS)
  if (!post.categoryId && !tagKeys.length) return []
  const values = post.categoryId ? [post.id, post.categoryId, ...tagKeys] : [post.id, ...tagKeys]
  return relatedRead(db, `${perSource}:${post.categoryId ? 'category' : 'none'}`, values)
}

export async function findPostStatus(db: Db, id: string): Promise<{ id: string; status: string } | undefined> {
  return db.selectFrom('posts').select(['id', 'status']).where('id', '=', id).executeTakeFirst()
}

/** Published posts for the sitemap, newest first, one keyset page after `after` (published_at, id). */
export function sitemapPageQuery(db: Db, after: { publishedAt: string; id: string } | null, limit: number) {
  let q = db.selectFrom('posts').select(['id', 'slug', 'published_at', 'updated_at']).where('status', '=', 'published')
  if (after) {
    const { publishedAt, id } = after
    // A row-value comparison: both engines walk the (status, published_at, id) index from there.
    q = q.where((eb) => eb(eb.refTuple('published_at', 'id'), '<', eb.tuple(publishedAt, id)))
  }
  return q.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit)
}

export const sitemapPage = (db: Db, after: { publishedAt: string; id: string } | null, limit: number) =>
  sitemapPageQuery(db, after, limit).execute()

/** Where the sitemap's `skip`-th post is, to start a keyset walk there (the offset runs over the index only). */
export async function sitemapStart(db: Db, skip: number): Promise<{ publishedAt: string; id: string } | null> {
  const row = await db
    .selectFrom('posts')
    .select(['id', 'published_at'])
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(skip - 1)
    .executeTakeFirst()
  return row ? { publishedAt: row.published_at ?? '', id: row.id } : null
}

/** The listing state of a post that tag rows, search rows and counters follow. */
export type ListingState = {
  id: string
  status: string
  published_at: string | null
  category_id: string | null
  tags: Array<{ key: string; tag: string }>
}

export const isPostgres = (db: Trx) => db.getExecutor().adapter instanceof PostgresAdapter

/** The counters a post in this state counts towards. */
export function counterKeys(state: ListingState | undefined): string[] {
  if (!state || state.status !== 'published') return []
  return [
    'published',
    ...(state.category_id ? [`category:${state.category_id}`] : []),
    ...state.tags.map((t) => `tag:${t.key}`),
  ]
}

export async function writeTags(db: Trx, state: ListingState): Promise<void> {
  await db.deleteFrom('post_tags').where('post_id', '=', state.id).execute()
  if (!state.tags.length) return
  await db
    .insertInto('post_tags')
    .values(
      state.tags.map((t) => ({
        tag_key: t.key,
        post_id: state.id,
        tag: t.tag,
        status: state.status,
        published_at: state.published_at,
      })),
    )
    .execute()
}

export async function deleteListingRows(db: Trx, postId: string): Promise<void> {
  await db.deleteFrom('post_tags').where('post_id', '=', postId).execute()
  await deleteSearchDocument(db, postId)
}

/**
 * Recounts the given counters inside the writing transaction. On PostgreSQL the counter rows are locked first (in
 * key order, so two writers never deadlock): a writer that waited counts after the other has committed, so the
 * last writer always leaves exact numbers. SQLite has one writer at a time.
 */
export async function recount(db: Trx, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort()
  if (!sorted.length) return
  await db
    .insertInto('post_counts')
    .values(sorted.map((key) => ({ key, n: 0 })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  if (isPostgres(db))
    await db.selectFrom('post_counts').select('key').where('key', 'in', sorted).orderBy('key').forUpdate().execute()
  for (const key of sorted) {
    const n = await countFor(db, key)
    await db.updateTable('post_counts').set({ n }).where('key', '=', key).execute()
  }
}

async function countFor(db: Trx, key: string): Promise<number> {
  const [kind, ...rest] = key.split(':')
  const value = rest.join(':')
  const n = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0)
  if (kind === 'tag') {
    return n(
      await db
        .selectFrom('post_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tag_key', '=', value)
        .where('status', '=', 'published')
        .executeTakeFirst(),
    )
  }
  let q = db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'published')
  if (kind === 'category') q = q.where('category_id', '=', value)
  return n(await q.executeTakeFirst())
}
