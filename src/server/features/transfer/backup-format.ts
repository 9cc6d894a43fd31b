import { z } from 'zod'
import { IMPORT_KINDS, type ImportKind } from '#shared/schemas/backup.ts'
import { POST_STATUSES } from '#shared/schemas/post.ts'

/**
 * The backup file (docs/backup-format.md): a zip holding manifest.json, one JSON-lines file per kind under data/,
 * and the uploaded originals under media/. Lines are read one at a time, so a restore's memory does not grow with
 * the blog. Bump FORMAT_VERSION on any change an older reader would get wrong; readers refuse newer versions.
 */
export const FORMAT_NAME = 'lab-blog-backup'
export const FORMAT_VERSION = 3
export const MANIFEST_PATH = 'manifest.json'
export const MEDIA_DIR = 'media/'

/** The data files, in the order a restore reads them (each kind refers only to kinds before it). */
export const DATA_KINDS = IMPORT_KINDS
export type DataKind = ImportKind
/** Kinds that let someone act as the admin: written only by `npm run export -- --with-secrets`. */
export const SECRET_KINDS: ReadonlySet<DataKind> = new Set(['sessions', 'twoFactor', 'recoveryCodes', 'fediverseKeys'])
/** The names of the fediverse actor's settings and key pairs in fediverse_state. */
export const FEDIVERSE_SETTINGS = 'settings'
export const FEDIVERSE_KEYS = 'keys'
/** The one server secret a backup carries (docs/backup-format.md says why). */
export const UNSUBSCRIBE_KEY = 'unsubscribe'
export const dataPath = (kind: DataKind) => `data/${kind}.jsonl`

const text = (max: number) => z.string().max(max)
const iso = z.string().min(10).max(40)
const id = z.string().min(1).max(64)
const slug = z.string().min(1).max(200)

export const ManifestSchema = z.object({
  format: z.literal(FORMAT_NAME),
  version: z.number().int().min(1),
  createdAt: iso,
  app: z.string(),
  engine: z.string(),
  withSecrets: z.boolean(),
  counts: z.record(z.string(), z.number().int().min(0)),
})
export type Manifest = z.infer<typeof ManifestSchema>

export const RecordSchemas = {
  users: z.object({
    id,
    username: text(200),
    email: text(320),
    role: text(20),
    createdAt: iso,
    passwordHash: text(500).optional(),
  }),
  categories: z.object({
    id,
    name: text(200),
    slug,
    description: text(2000).nullable(),
    color: text(20),
    createdAt: iso,
  }),
  images: z.object({
    fileName: z.string().regex(/^[a-f0-9]{64}\.(jpg|png|gif|webp)$/),
    mime: text(50),
    size: z.number().int().min(0),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    createdAt: iso,
    // Format 2; a format-1 backup has neither.
    altText: text(1000).default(''),
    originalName: text(500).nullable().default(null),
  }),
  // Format 3 added author profiles, analytics, the unsubscribe key and subscribers; older backups have none.
  authorProfiles: z.object({
    userId: id,
    displayName: text(200).nullable(),
    bio: text(10_000).nullable(),
    avatar: text(2000).nullable(),
    updatedAt: iso,
  }),
  posts: z.object({
    id,
    title: text(1000),
    slug,
    content: text(5_000_000),
    excerpt: text(10_000),
    featuredImage: text(2000).nullable(),
    categoryId: id.nullable(),
    authorId: id,
    authorName: text(200).nullable(),
    status: z.enum(POST_STATUSES),
    tags: z.array(text(100)).max(100),
    metaTitle: text(1000).nullable(),
    metaDescription: text(2000).nullable(),
    readingTime: z.number().int().min(0),
    views: z.number().int().min(0),
    publishedAt: iso.nullable(),
    featured: z.boolean(),
    featuredAt: iso.nullable(),
    createdAt: iso,
    updatedAt: iso,
  }),
  comments: z.object({
    id,
    postId: id,
    authorName: text(200),
    authorEmail: text(320).nullable(),
    content: text(100_000),
    approved: z.boolean(),
    ip: text(100).nullable(),
    createdAt: iso,
    updatedAt: iso,
    // A reply from the fediverse (absent in older backups and for comments made here): its author's profile and the
    // remote note's id, which the note's Update and Delete find it by. validate.ts keeps only http(s) addresses.
    source: text(20).nullable().optional(),
    authorUrl: text(2048).nullable().optional(),
    remoteId: text(2048).nullable().optional(),
  }),
  likes: z.object({ id, postId: id, visitorId: text(200), createdAt: iso }),
  views: z.object({ postId: id, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), views: z.number().int().min(0) }),
  // Per period, post and combination of values. Format-3 backups made before combinations hold one row per
  // dimension and value: their device rows carry the views and visitors over, the other rows count nothing.
  analytics: z.preprocess(
    (raw) =>
      raw && typeof raw === 'object' && 'dimension' in raw && 'value' in raw
        ? {
            ...raw,
            legacyDimension: raw.dimension,
            device: raw.value,
            ...(raw.dimension === 'device' ? {} : { views: 0, visitors: 0 }),
          }
        : raw,
    z.object({
      span: z.enum(['day', 'month']).default('day'),
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      postId: id,
      source: text(1000).default(''),
      referrer: text(1000).default(''),
      utmSource: text(1000).default(''),
      utmMedium: text(1000).default(''),
      utmCampaign: text(1000).default(''),
      device: text(1000).default(''),
      browser: text(1000).default(''),
      views: z.number().int().min(0),
      visitors: z.number().int().min(0),
      /** A format-3 row's dimension, before combinations (checked on import, never written). */
      legacyDimension: z.string().max(50).optional(),
    }),
  ),
  footerPages: z.object({
    id,
    title: text(1000),
    slug,
    content: text(1_000_000),
    featuredImage: text(2000).nullable(),
    metaTitle: text(1000).nullable(),
    metaDescription: text(2000).nullable(),
    active: z.boolean(),
    sortOrder: z.number().int(),
    createdAt: iso,
    updatedAt: iso,
  }),
  settings: z.object({ key: text(200), value: text(100_000), createdAt: iso, updatedAt: iso }),
  redirects: z.object({
    id,
    fromPath: text(1000),
    toPath: text(1000),
    source: text(20),
    hits: z.number().int().min(0),
    createdAt: iso,
  }),
  revisions: z.object({ id, postId: id, title: text(1000), data: text(5_000_000), createdAt: iso }),
  autosaves: z.object({ postKey: id, data: text(5_000_000), savedAt: iso }),
  previews: z.object({ postId: id, token: text(200), createdAt: iso }),
  notFound: z.object({
    path: text(1000),
    hits: z.number().int().min(0),
    referrer: text(2000).nullable(),
    lastSeenAt: iso,
  }),
  unsubscribeKey: z.object({ value: text(200), createdAt: iso }),
  subscribers: z.object({
    id,
    email: text(1000),
    status: text(20),
    confirmExpiresAt: iso.nullable(),
    confirmSentAt: iso.nullable(),
    confirmedAt: iso.nullable(),
    unsubscribedAt: iso.nullable(),
    createdAt: iso,
    updatedAt: iso,
  }),
  // Added in format 3 without a bump: older readers never ask for these files, and a backup without them restores
  // no send history. They are what keeps a restored blog from emailing its posts again.
  newsletterSends: z.object({ postId: id, skipped: z.boolean(), createdAt: iso, completedAt: iso.nullable() }),
  newsletterDeliveries: z.object({
    postId: id,
    subscriberId: id,
    status: text(20),
    attempts: z.number().int().min(0),
    nextAttemptAt: iso,
    sentAt: iso.nullable(),
    lastErrorCode: text(50).nullable(),
  }),
  // Added in format 3 without a bump, as the newsletter's were: the blog as a fediverse actor. Without them a
  // restored blog has no followers, and would announce its posts again as new.
  fediverseSettings: z.object({ enabled: z.boolean(), handle: text(100), updatedAt: iso }),
  fediverseBlocks: z.object({ actorId: text(2048), createdAt: iso }),
  fediverseFollowers: z.object({
    actorId: text(2048),
    inbox: text(2048),
    sharedInbox: text(2048).nullable(),
    handle: text(600),
    name: text(200).nullable(),
    url: text(2048).nullable(),
    followId: text(2048).nullable(),
    createdAt: iso,
  }),
  fediverseArticles: z.object({ postId: id, objectId: text(2048), state: text(20), updatedAt: iso }),
  fediverseReactions: z.object({
    postId: id,
    actorId: text(2048),
    kind: text(10),
    activityId: text(2048).nullable(),
    createdAt: iso,
  }),
  sessions: z.object({
    id: text(200),
    userId: id,
    publicId: text(200).nullable(),
    userAgent: text(1000).nullable(),
    ip: text(100).nullable(),
    createdAt: iso,
    lastSeenAt: iso,
  }),
  twoFactor: z.object({
    userId: id,
    secret: text(200),
    enabledAt: iso.nullable(),
    lastStep: z.number().int().nullable(),
    createdAt: iso,
  }),
  recoveryCodes: z.object({ id, userId: id, codeHash: text(500), usedAt: iso.nullable(), createdAt: iso }),
  /** The actor's key pairs as stored (JSON of JWKs): its identity, a secret like the admin's. */
  fediverseKeys: z.object({ keys: text(100_000), createdAt: iso }),
} satisfies Record<DataKind, z.ZodType>

export type Records = { [K in DataKind]: z.infer<(typeof RecordSchemas)[K]> }
