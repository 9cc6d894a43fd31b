import { z } from 'zod'
import { plural } from '../text/format.ts'

/**
 * What an import can bring in. Also the data files of a backup, in the order a restore reads them (each kind refers
 * only to kinds before it), and the order the report lists them.
 */
export const IMPORT_KINDS = [
  'users',
  'categories',
  'images',
  'authorProfiles',
  'posts',
  'comments',
  'likes',
  'views',
  'analytics',
  'footerPages',
  'settings',
  'redirects',
  'revisions',
  'autosaves',
  'previews',
  'notFound',
  'unsubscribeKey',
  'subscribers',
  'newsletterSends',
  'newsletterDeliveries',
  'fediverseSettings',
  'fediverseBlocks',
  'fediverseFollowers',
  'fediverseArticles',
  'fediverseReactions',
  'sessions',
  'twoFactor',
  'recoveryCodes',
  'fediverseKeys',
] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

/** What a report calls one and several of each kind. */
const KIND_NAMES: Record<ImportKind, readonly [string, string]> = {
  users: ['user', 'users'],
  categories: ['category', 'categories'],
  images: ['image', 'images'],
  authorProfiles: ['author profile', 'author profiles'],
  posts: ['post', 'posts'],
  comments: ['comment', 'comments'],
  likes: ['like', 'likes'],
  views: ['day of views', 'days of views'],
  analytics: ['analytics row', 'analytics rows'],
  footerPages: ['page', 'pages'],
  settings: ['setting', 'settings'],
  redirects: ['redirect', 'redirects'],
  revisions: ['revision', 'revisions'],
  autosaves: ['autosave', 'autosaves'],
  previews: ['share link', 'share links'],
  notFound: ['404-log entry', '404-log entries'],
  unsubscribeKey: ['unsubscribe key', 'unsubscribe keys'],
  subscribers: ['subscriber', 'subscribers'],
  newsletterSends: ['post sent by email', 'posts sent by email'],
  newsletterDeliveries: ['email delivery', 'email deliveries'],
  sessions: ['session', 'sessions'],
  twoFactor: ['second factor', 'second factors'],
  recoveryCodes: ['recovery code', 'recovery codes'],
  fediverseSettings: ['fediverse setting', 'fediverse settings'],
  fediverseBlocks: ['blocked fediverse account', 'blocked fediverse accounts'],
  fediverseFollowers: ['fediverse follower', 'fediverse followers'],
  fediverseArticles: ['post sent to the fediverse', 'posts sent to the fediverse'],
  fediverseReactions: ['fediverse like or boost', 'fediverse likes and boosts'],
  fediverseKeys: ['fediverse key set', 'fediverse key sets'],
}

/** "1 category", "3 categories". */
export const countOfKind = (kind: ImportKind, count: number) =>
  `${count} ${plural(count, KIND_NAMES[kind][0], KIND_NAMES[kind][1])}`

/** "page", "404-log entry": one item of a kind, as the report's list names it. */
export const kindName = (kind: ImportKind) => KIND_NAMES[kind][0]

export const IMPORT_FORMATS = ['backup', 'ghost', 'wordpress', 'markdown'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** Most items a report lists by name; the counts always cover everything. */
export const REPORT_LIST_LIMIT = 500

export const SkippedItemSchema = z.object({ kind: z.enum(IMPORT_KINDS), item: z.string(), reason: z.string() })
export type SkippedItem = z.infer<typeof SkippedItemSchema>

/** The answer of POST /api/admin/import and the last thing `npm run import` prints. */
export const ImportReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  dryRun: z.boolean(),
  created: z.record(z.enum(IMPORT_KINDS), z.number().int()),
  skipped: z.array(SkippedItemSchema),
  skippedCount: z.number().int(),
  conflicts: z.number().int(),
  warnings: z.array(z.string()),
  warningCount: z.number().int(),
  missingImages: z.array(z.string()),
  missingImageCount: z.number().int(),
})
export type ImportReport = z.infer<typeof ImportReportSchema>

const QueryFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true')

export const ImportQuerySchema = z.object({
  dryRun: QueryFlag,
  /** Pictures not found in the media keep their links to the old site instead of being left out. */
  keepMissingImages: QueryFlag,
})

/** Where an import is: the phase it is in, and how many of that phase's items are done (of how many, when known). */
export const ImportProgressSchema = z.object({
  phase: z.string(),
  done: z.number().int(),
  total: z.number().int().nullable(),
})
export type ImportProgress = z.infer<typeof ImportProgressSchema>

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const

/** POST /api/admin/import answers 202 with the job's id; GET /api/admin/imports/{id} answers this until it ends. */
export const ImportStartedSchema = z.object({ id: z.string() })
export const ImportJobSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  dryRun: z.boolean(),
  fileName: z.string(),
  /** The format the file was read as, once known. */
  format: z.enum(IMPORT_FORMATS).nullable(),
  progress: ImportProgressSchema.nullable(),
  /** When done. */
  report: ImportReportSchema.nullable(),
  /** When failed: why, and the HTTP status a refusal of this kind answers with (400, 413, 415, 500). */
  error: z.string().nullable(),
  errorStatus: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
})
export type ImportJob = z.infer<typeof ImportJobSchema>
export const ImportJobParamsSchema = z.object({ id: z.string().max(100) })

/** Header of GET /api/admin/backup: about how many bytes the download will have (for a progress bar). */
export const BACKUP_ESTIMATE_HEADER = 'x-backup-estimate'
