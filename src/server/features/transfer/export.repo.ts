import { sql } from 'kysely'
import { ANALYTICS_DIMENSIONS } from '#shared/schemas/analytics.ts'
import type { Db } from '../../db/client.ts'
import type { Database } from '../../db/schema.ts'
import { POST_STATUSES, type PostStatus } from '#shared/schemas/post.ts'
import { UNSUBSCRIBE_KEY, type DataKind, type Records } from './backup-format.ts'

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

/** Walks a table in primary-key order, a page at a time, so memory holds one page whatever the table's size. */
async function* keyset<Row>(
  next: (after: string | null) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): AsyncGenerator<Row> {
  let after: string | null = null
  for (;;) {
    const rows = await next(after)
    yield* rows
    if (rows.length < PAGE) return
    after = keyOf(rows[rows.length - 1]!)
  }
}

type Walkers = { [K in DataKind]: (db: Db, withSecrets: boolean) => AsyncGenerator<Records[K]> }

export const walkers: Walkers = {
  async *users(db, withSecrets) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('users')
          .selectAll()
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows) {
      yield {
        id: r.id,
        username: r.username,
        email: r.email,
        role: r.role,
        createdAt: r.created_at,
        ...(withSecrets ? { passwordHash: r.password_hash } : {}),
      }
    }
  },
  async *categories(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('categories')
          .selectAll()
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows)
      yield {
        id: r.id,
        name: r.name,
        slug: r.slug,
        description: r.description,
        color: r.color,
        createdAt: r.created_at,
      }
  },
  async *images(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('images')
          .select(['file_name', 'mime', 'size', 'width', 'height', 'created_at', 'alt_text', 'original_name'])
          .$if(after !== null, (q) => q.where('file_name', '>', after!))
          .orderBy('file_name')
          .limit(PAGE)
          .execute(),
      (r) => r.file_name,
    )
    for await (const r of rows) {
      yield {
        fileName: r.file_name,
        mime: r.mime,
        size: Number(r.size),
        width: r.width,
        height: r.height,
        createdAt: r.created_at,
        altText: r.alt_text,
        originalName: r.original_name,
      }
    }
  },
  async *authorProfiles(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('author_profiles')
          .selectAll()
          .$if(after !== null, (q) => q.where('user_id', '>', after!))
          .orderBy('user_id')
          .limit(PAGE)
          .execute(),
      (r) => r.user_id,
    )
    for await (const r of rows)
      yield { userId: r.user_id, displayName: r.display_name, bio: r.bio, avatar: r.avatar, updatedAt: r.updated_at }
  },
  async *posts(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('posts')
          .select([
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
          ])
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows) {
      yield {
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
      }
    }
  },
  async *comments(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('comments')
          .selectAll()
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows) {
      yield {
        id: r.id,
        postId: r.post_id,
        authorName: r.author_name,
        authorEmail: r.author_email,
        content: r.content,
        approved: bool(r.is_approved),
        ip: r.ip,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      }
    }
  },
  async *likes(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('likes')
          .selectAll()
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows) yield { id: r.id, postId: r.post_id, visitorId: r.visitor_id, createdAt: r.created_at }
  },
  async *views(db) {
    // Composite key (post_id, day): the key is the two joined by a character neither contains.
    const rows = keyset(
      (after) => {
        const [postId, day] = after === null ? [] : after.split('\n')
        return db
          .selectFrom('post_views_daily')
          .select(['post_id', 'day', 'views'])
          .$if(after !== null, (q) =>
            q.where((eb) =>
              eb.or([eb('post_id', '>', postId!), eb.and([eb('post_id', '=', postId!), eb('day', '>', day!)])]),
            ),
          )
          .orderBy('post_id')
          .orderBy('day')
          .limit(PAGE)
          .execute()
      },
      (r) => `${r.post_id}\n${r.day}`,
    )
    for await (const r of rows) yield { postId: r.post_id, day: r.day, views: Number(r.views) }
  },
  async *analytics(db) {
    // Ten-column key: compared as one row value (both engines have them); the key is the ten as a JSON array.
    const columns = ['day', 'post_id', 'span', ...ANALYTICS_DIMENSIONS] as const
    const rows = keyset(
      (after) => {
        const key = after === null ? [] : (JSON.parse(after) as string[])
        let q = db
          .selectFrom('analytics_facts')
          .selectAll()
          .$if(after !== null, (q) =>
            q.where((eb) => eb(sql`(${sql.join(columns.map((c) => sql.ref(c)))})`, '>', sql`(${sql.join(key)})`)),
          )
        for (const column of columns) q = q.orderBy(column)
        return q.limit(PAGE).execute()
      },
      (r) => JSON.stringify(columns.map((c) => r[c])),
    )
    for await (const r of rows)
      yield {
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
      }
  },

  async *footerPages(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('footer_pages')
          .selectAll()
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows) {
      yield {
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
      }
    }
  },
  async *settings(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('site_settings')
          .selectAll()
          .$if(after !== null, (q) => q.where('key', '>', after!))
          .orderBy('key')
          .limit(PAGE)
          .execute(),
      (r) => r.key,
    )
    // Lock rows exist only inside a running transaction; nothing else here is a secret.
    for await (const r of rows)
      if (!r.key.startsWith('lock:'))
        yield { key: r.key, value: r.value, createdAt: r.created_at, updatedAt: r.updated_at }
  },
  async *redirects(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('redirects')
          .selectAll()
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows)
      yield {
        id: r.id,
        fromPath: r.from_path,
        toPath: r.to_path,
        source: r.source,
        hits: Number(r.hits),
        createdAt: r.created_at,
      }
  },
  async *revisions(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('post_revisions')
          .select(['id', 'post_id', 'title', 'data', 'created_at'])
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows)
      yield { id: r.id, postId: r.post_id, title: r.title, data: r.data, createdAt: r.created_at }
  },
  async *autosaves(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('post_autosaves')
          .selectAll()
          .$if(after !== null, (q) => q.where('post_key', '>', after!))
          .orderBy('post_key')
          .limit(PAGE)
          .execute(),
      (r) => r.post_key,
    )
    for await (const r of rows) yield { postKey: r.post_key, data: r.data, savedAt: r.saved_at }
  },
  async *previews(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('post_previews')
          .selectAll()
          .$if(after !== null, (q) => q.where('post_id', '>', after!))
          .orderBy('post_id')
          .limit(PAGE)
          .execute(),
      (r) => r.post_id,
    )
    for await (const r of rows) yield { postId: r.post_id, token: r.token, createdAt: r.created_at }
  },
  async *notFound(db) {
    const rows = keyset(
      (after) =>
        db
          .selectFrom('not_found_log')
          .selectAll()
          .$if(after !== null, (q) => q.where('path', '>', after!))
          .orderBy('path')
          .limit(PAGE)
          .execute(),
      (r) => r.path,
    )
    for await (const r of rows)
      yield { path: r.path, hits: Number(r.hits), referrer: r.referrer, lastSeenAt: r.last_seen_at }
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
    const rows = keyset(
      (after) =>
        db
          .selectFrom('subscribers')
          .select([
            'id',
            'email',
            'status',
            'confirm_expires_at',
            'confirm_sent_at',
            'confirmed_at',
            'unsubscribed_at',
            'created_at',
            'updated_at',
          ])
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows)
      yield {
        id: r.id,
        email: r.email,
        status: r.status,
        confirmExpiresAt: r.confirm_expires_at,
        confirmSentAt: r.confirm_sent_at,
        confirmedAt: r.confirmed_at,
        unsubscribedAt: r.unsubscribed_at,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      }
  },
  async *sessions(db, withSecrets) {
    if (!withSecrets) return
    const rows = keyset(
      (after) =>
        db
          .selectFrom('sessions')
          .selectAll()
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows)
      yield {
        id: r.id,
        userId: r.user_id,
        publicId: r.public_id,
        userAgent: r.user_agent,
        ip: r.ip,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
      }
  },
  async *twoFactor(db, withSecrets) {
    if (!withSecrets) return
    const rows = keyset(
      (after) =>
        db
          .selectFrom('user_two_factor')
          .selectAll()
          .$if(after !== null, (q) => q.where('user_id', '>', after!))
          .orderBy('user_id')
          .limit(PAGE)
          .execute(),
      (r) => r.user_id,
    )
    for await (const r of rows)
      yield {
        userId: r.user_id,
        secret: r.secret,
        enabledAt: r.enabled_at,
        lastStep: r.last_step === null ? null : Number(r.last_step),
        createdAt: r.created_at,
      }
  },
  async *recoveryCodes(db, withSecrets) {
    if (!withSecrets) return
    const rows = keyset(
      (after) =>
        db
          .selectFrom('recovery_codes')
          .selectAll()
          .$if(after !== null, (q) => q.where('id', '>', after!))
          .orderBy('id')
          .limit(PAGE)
          .execute(),
      (r) => r.id,
    )
    for await (const r of rows)
      yield { id: r.id, userId: r.user_id, codeHash: r.code_hash, usedAt: r.used_at, createdAt: r.created_at }
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
  sessions: 'sessions',
  twoFactor: 'user_two_factor',
  recoveryCodes: 'recovery_codes',
} as const satisfies Record<DataKind, keyof Database>

export async function countRows(db: Db, kind: DataKind): Promise<number> {
  // Of the server's secrets only the unsubscribe key leaves.
  if (kind === 'unsubscribeKey')
    return (await db.selectFrom('server_secrets').select('name').where('name', '=', UNSUBSCRIBE_KEY).executeTakeFirst())
      ? 1
      : 0
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
