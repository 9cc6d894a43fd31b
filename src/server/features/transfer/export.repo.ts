import { sql, type Kysely, type Selectable } from 'kysely'
import { ANALYTICS_DIMENSIONS } from '#shared/schemas/analytics.ts'
import type { Db } from '../../db/client.ts'
import type { Database } from '../../db/schema.ts'
import { POST_STATUSES, type PostStatus } from '#shared/schemas/post.ts'
import { FEDIVERSE_KEYS, FEDIVERSE_SETTINGS, UNSUBSCRIBE_KEY, type DataKind, type Records } from './backup-format.ts'

const PAGE = 500

const bool = (v: number | string | boolean) => Number(v) === 1 || v === true
const statusOf = (status: string): PostStatus =>
  (POST_STATUSES as readonly string[]).includes(status) ? (status as PostStatus) : 'draft'
const parseTags = (json: string): string[] => {
  try {
    const tags: unknown = JSON.parse(json)
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

type Table = keyof Database
type Column<T extends Table> = keyof Selectable<Database[T]> & string

/**
 * Walks a table in key order, a page at a time, so memory holds one page whatever the table's size. A key of
 * several columns is compared as one row value (both engines have them). `columns` leaves out what the backup
 * does not carry (image bytes, search columns, token hashes).
 */
async function* walkTable<T extends Table, C extends Column<T> = Column<T>>(
  db: Db,
  table: T,
  key: Column<T> | readonly Column<T>[],
  columns?: readonly C[],
): AsyncGenerator<Pick<Selectable<Database[T]>, C>[]> {
  const keys: readonly string[] = typeof key === 'string' ? [key] : key
  // The table is a type parameter, which Kysely's builder cannot follow; the result type above is the check.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>
  for (let after: unknown[] | null = null; ;) {
    const from: unknown[] | null = after
    const rows: Record<string, unknown>[] = await loose
      .selectFrom(table as string)
      .$if(columns === undefined, (q) => q.selectAll())
      .$if(columns !== undefined, (q) => q.select(columns as readonly string[]))
      .$if(from !== null, (q) =>
        q.where(sql<boolean>`(${sql.join(keys.map((k) => sql.ref(k)))}) > (${sql.join(from!)})`),
      )
      .$call((q) => keys.reduce((ordered, k) => ordered.orderBy(k), q))
      .limit(PAGE)
      .execute()
    if (rows.length > 0) yield rows as Pick<Selectable<Database[T]>, C>[]
    if (rows.length < PAGE) return
    const lastRow = rows[rows.length - 1]!
    after = keys.map((k) => lastRow[k])
  }
}

const parseJson = (json: string): unknown => {
  try {
    return JSON.parse(json)
  } catch {
    return null
  }
}

const fediverseState = (db: Db, name: string) =>
  db.selectFrom('fediverse_state').select(['value', 'updated_at']).where('name', '=', name).executeTakeFirst()

type Walkers = { [K in DataKind]: (db: Db, withSecrets: boolean) => AsyncGenerator<Records[K]> }

export const walkers: Walkers = {
  async *users(db, withSecrets) {
    for await (const page of walkTable(db, 'users', 'id'))
      yield* page.map((r) => ({
        id: r.id,
        username: r.username,
        email: r.email,
        role: r.role,
        createdAt: r.created_at,
        ...(withSecrets ? { passwordHash: r.password_hash } : {}),
      }))
  },
  async *categories(db) {
    for await (const page of walkTable(db, 'categories', 'id'))
      yield* page.map((r) => ({
        id: r.id,
        name: r.name,
        slug: r.slug,
        description: r.description,
        color: r.color,
        createdAt: r.created_at,
      }))
  },
  async *images(db) {
    const columns = ['file_name', 'mime', 'size', 'width', 'height', 'created_at', 'alt_text', 'original_name'] as const
    for await (const page of walkTable(db, 'images', 'file_name', columns))
      yield* page.map((r) => ({
        fileName: r.file_name,
        mime: r.mime,
        size: Number(r.size),
        width: r.width,
        height: r.height,
        createdAt: r.created_at,
        altText: r.alt_text,
        originalName: r.original_name,
      }))
  },
  async *authorProfiles(db) {
    for await (const page of walkTable(db, 'author_profiles', 'user_id'))
      yield* page.map((r) => ({
        userId: r.user_id,
        displayName: r.display_name,
        bio: r.bio,
        avatar: r.avatar,
        updatedAt: r.updated_at,
      }))
  },
  async *posts(db) {
    const columns = [
      'id',
      'title',
      'slug',
      'content',
      'excerpt',
      'featured_image',
      'category_id',
      'author_id',
      'author_name',
      'status',
      'tags',
      'meta_title',
      'meta_description',
      'reading_time',
      'views',
      'published_at',
      'featured',
      'featured_at',
      'created_at',
      'updated_at',
    ] as const
    for await (const page of walkTable(db, 'posts', 'id', columns))
      yield* page.map((r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        content: r.content,
        excerpt: r.excerpt,
        featuredImage: r.featured_image,
        categoryId: r.category_id,
        authorId: r.author_id,
        authorName: r.author_name,
        status: statusOf(r.status),
        tags: parseTags(r.tags),
        metaTitle: r.meta_title,
        metaDescription: r.meta_description,
        readingTime: Number(r.reading_time),
        views: Number(r.views),
        publishedAt: r.published_at,
        featured: bool(r.featured),
        featuredAt: r.featured_at,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      }))
  },
  async *comments(db) {
    for await (const page of walkTable(db, 'comments', 'id'))
      yield* page.map((r) => ({
        id: r.id,
        postId: r.post_id,
        authorName: r.author_name,
        authorEmail: r.author_email,
        content: r.content,
        approved: bool(r.is_approved),
        ip: r.ip,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        ...(r.source === 'fediverse'
          ? { source: 'fediverse' as const, authorUrl: r.author_url, remoteId: r.remote_id }
          : {}),
      }))
  },
  async *likes(db) {
    for await (const page of walkTable(db, 'likes', 'id'))
      yield* page.map((r) => ({ id: r.id, postId: r.post_id, visitorId: r.visitor_id, createdAt: r.created_at }))
  },
  async *views(db) {
    for await (const page of walkTable(db, 'post_views_daily', ['post_id', 'day'], ['post_id', 'day', 'views']))
      yield* page.map((r) => ({ postId: r.post_id, day: r.day, views: Number(r.views) }))
  },
  async *analytics(db) {
    const key = ['day', 'post_id', 'span', ...ANALYTICS_DIMENSIONS] as const
    for await (const page of walkTable(db, 'analytics_facts', key))
      yield* page.map((r) => ({
        span: r.span,
        day: r.day,
        postId: r.post_id,
        source: r.source,
        referrer: r.referrer,
        utmSource: r.utm_source,
        utmMedium: r.utm_medium,
        utmCampaign: r.utm_campaign,
        device: r.device,
        browser: r.browser,
        views: Number(r.views),
        visitors: Number(r.visitors),
      }))
  },

  async *footerPages(db) {
    for await (const page of walkTable(db, 'footer_pages', 'id'))
      yield* page.map((r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        content: r.content,
        featuredImage: r.featured_image,
        metaTitle: r.meta_title,
        metaDescription: r.meta_description,
        active: bool(r.is_active),
        sortOrder: Number(r.sort_order),
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      }))
  },
  async *settings(db) {
    // Lock rows exist only inside a running transaction; nothing else here is a secret.
    for await (const page of walkTable(db, 'site_settings', 'key'))
      yield* page
        .filter((r) => !r.key.startsWith('lock:'))
        .map((r) => ({ key: r.key, value: r.value, createdAt: r.created_at, updatedAt: r.updated_at }))
  },
  async *redirects(db) {
    for await (const page of walkTable(db, 'redirects', 'id'))
      yield* page.map((r) => ({
        id: r.id,
        fromPath: r.from_path,
        toPath: r.to_path,
        source: r.source,
        hits: Number(r.hits),
        createdAt: r.created_at,
      }))
  },
  async *revisions(db) {
    for await (const page of walkTable(db, 'post_revisions', 'id', ['id', 'post_id', 'title', 'data', 'created_at']))
      yield* page.map((r) => ({ id: r.id, postId: r.post_id, title: r.title, data: r.data, createdAt: r.created_at }))
  },
  async *autosaves(db) {
    for await (const page of walkTable(db, 'post_autosaves', 'post_key'))
      yield* page.map((r) => ({ postKey: r.post_key, data: r.data, savedAt: r.saved_at }))
  },
  async *previews(db) {
    for await (const page of walkTable(db, 'post_previews', 'post_id'))
      yield* page.map((r) => ({ postId: r.post_id, token: r.token, createdAt: r.created_at }))
  },
  async *notFound(db) {
    for await (const page of walkTable(db, 'not_found_log', 'path'))
      yield* page.map((r) => ({ path: r.path, hits: Number(r.hits), referrer: r.referrer, lastSeenAt: r.last_seen_at }))
  },
  async *unsubscribeKey(db) {
    // Not a secret of the admin's (see docs/backup-format.md): without it every unsubscribe link already sent breaks.
    const row = await db
      .selectFrom('server_secrets')
      .select(['value', 'created_at'])
      .where('name', '=', UNSUBSCRIBE_KEY)
      .executeTakeFirst()
    if (row) yield { value: row.value, createdAt: row.created_at }
  },
  async *subscribers(db) {
    const columns = [
      'id',
      'email',
      'status',
      'confirm_expires_at',
      'confirm_sent_at',
      'confirmed_at',
      'unsubscribed_at',
      'created_at',
      'updated_at',
    ] as const
    for await (const page of walkTable(db, 'subscribers', 'id', columns))
      yield* page.map((r) => ({
        id: r.id,
        email: r.email,
        status: r.status,
        confirmExpiresAt: r.confirm_expires_at,
        confirmSentAt: r.confirm_sent_at,
        confirmedAt: r.confirmed_at,
        unsubscribedAt: r.unsubscribed_at,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      }))
  },
  async *sessions(db, withSecrets) {
    if (!withSecrets) return
    for await (const page of walkTable(db, 'sessions', 'id'))
      yield* page.map((r) => ({
        id: r.id,
        userId: r.user_id,
        publicId: r.public_id,
        userAgent: r.user_agent,
        ip: r.ip,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
      }))
  },
  async *twoFactor(db, withSecrets) {
    if (!withSecrets) return
    for await (const page of walkTable(db, 'user_two_factor', 'user_id'))
      yield* page.map((r) => ({
        userId: r.user_id,
        secret: r.secret,
        enabledAt: r.enabled_at,
        lastStep: r.last_step === null ? null : Number(r.last_step),
        createdAt: r.created_at,
      }))
  },
  async *newsletterSends(db) {
    for await (const page of walkTable(db, 'newsletter_sends', 'post_id'))
      yield* page.map((r) => ({
        postId: r.post_id,
        skipped: Number(r.skipped) === 1,
        createdAt: r.created_at,
        completedAt: r.completed_at,
      }))
  },
  async *newsletterDeliveries(db) {
    for await (const page of walkTable(db, 'newsletter_deliveries', ['post_id', 'subscriber_id']))
      yield* page.map((r) => ({
        postId: r.post_id,
        subscriberId: r.subscriber_id,
        // A copy being sent when the backup was made is pending after a restore (its claim means nothing there).
        status: r.status === 'sending' ? 'pending' : r.status,
        attempts: Number(r.attempts),
        nextAttemptAt: r.next_attempt_at,
        sentAt: r.sent_at,
        lastErrorCode: r.last_error_code,
      }))
  },
  async *fediverseSettings(db) {
    const row = await fediverseState(db, FEDIVERSE_SETTINGS)
    if (!row) return
    const settings = parseJson(row.value) as { enabled?: unknown; handle?: unknown } | null
    if (typeof settings?.enabled === 'boolean' && typeof settings.handle === 'string')
      yield { enabled: settings.enabled, handle: settings.handle, updatedAt: row.updated_at }
  },
  async *fediverseBlocks(db) {
    for await (const page of walkTable(db, 'fediverse_blocks', 'actor_id'))
      yield* page.map((r) => ({ actorId: r.actor_id, createdAt: r.created_at }))
  },
  async *fediverseFollowers(db) {
    for await (const page of walkTable(db, 'fediverse_followers', 'actor_id'))
      yield* page.map((r) => ({
        actorId: r.actor_id,
        inbox: r.inbox,
        sharedInbox: r.shared_inbox,
        handle: r.handle,
        name: r.name,
        url: r.url,
        followId: r.follow_id,
        createdAt: r.created_at,
      }))
  },
  async *fediverseArticles(db) {
    for await (const page of walkTable(db, 'fediverse_articles', 'post_id'))
      yield* page.map((r) => ({ postId: r.post_id, objectId: r.object_id, state: r.state, updatedAt: r.updated_at }))
  },
  async *fediverseReactions(db) {
    for await (const page of walkTable(db, 'fediverse_reactions', ['post_id', 'actor_id', 'kind']))
      yield* page.map((r) => ({
        postId: r.post_id,
        actorId: r.actor_id,
        kind: r.kind,
        activityId: r.activity_id,
        createdAt: r.created_at,
      }))
  },
  async *fediverseKeys(db, withSecrets) {
    if (!withSecrets) return
    const row = await fediverseState(db, FEDIVERSE_KEYS)
    if (row) yield { keys: row.value, createdAt: row.updated_at }
  },
  async *recoveryCodes(db, withSecrets) {
    if (!withSecrets) return
    for await (const page of walkTable(db, 'recovery_codes', 'id'))
      yield* page.map((r) => ({
        id: r.id,
        userId: r.user_id,
        codeHash: r.code_hash,
        usedAt: r.used_at,
        createdAt: r.created_at,
      }))
  },
}

const TABLES = {
  users: 'users',
  categories: 'categories',
  images: 'images',
  authorProfiles: 'author_profiles',
  posts: 'posts',
  comments: 'comments',
  likes: 'likes',
  views: 'post_views_daily',
  analytics: 'analytics_facts',
  footerPages: 'footer_pages',
  settings: 'site_settings',
  redirects: 'redirects',
  revisions: 'post_revisions',
  autosaves: 'post_autosaves',
  previews: 'post_previews',
  notFound: 'not_found_log',
  unsubscribeKey: 'server_secrets',
  subscribers: 'subscribers',
  newsletterSends: 'newsletter_sends',
  newsletterDeliveries: 'newsletter_deliveries',
  sessions: 'sessions',
  twoFactor: 'user_two_factor',
  recoveryCodes: 'recovery_codes',
  fediverseSettings: 'fediverse_state',
  fediverseBlocks: 'fediverse_blocks',
  fediverseFollowers: 'fediverse_followers',
  fediverseArticles: 'fediverse_articles',
  fediverseReactions: 'fediverse_reactions',
  fediverseKeys: 'fediverse_state',
} as const satisfies Record<DataKind, keyof Database>

export async function countRows(db: Db, kind: DataKind): Promise<number> {
  // Of the server's secrets only the unsubscribe key leaves.
  if (kind === 'unsubscribeKey')
    return (await db.selectFrom('server_secrets').select('name').where('name', '=', UNSUBSCRIBE_KEY).executeTakeFirst())
      ? 1
      : 0
  if (kind === 'fediverseSettings' || kind === 'fediverseKeys')
    return (await fediverseState(db, kind === 'fediverseKeys' ? FEDIVERSE_KEYS : FEDIVERSE_SETTINGS)) ? 1 : 0
  const row = await db
    .selectFrom(TABLES[kind])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** About how many bytes the backup will be: the images as they are, the text as stored (deflate makes it smaller). */
export async function estimateBytes(db: Db): Promise<number> {
  const images = await db
    .selectFrom('images')
    .select((eb) => eb.fn.sum<number>('size').as('n'))
    .executeTakeFirst()
  const posts = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.sum<number>(eb.fn('length', ['content'])).as('n'))
    .executeTakeFirst()
  return Number(images?.n ?? 0) + Math.round(Number(posts?.n ?? 0) / 3)
}

export async function imageBytes(db: Db, fileName: string): Promise<Uint8Array | undefined> {
  return (await db.selectFrom('images').select('bytes').where('file_name', '=', fileName).executeTakeFirst())?.bytes
}
