import path from 'node:path'
import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .transform((v) => v || undefined),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1', 'false', 'true']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  BACKUP_EVERY: z
    .string()
    .regex(/^\d+(s|m|h|d)$/, 'BACKUP_EVERY is a number and a unit: 30m, 24h, 7d')
    .optional()
    .or(z.literal('')),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  LIKES_PER_NETWORK: z.coerce.number().int().min(1).max(1_000_000).default(10),
  VIEWS_PER_NETWORK: z.coerce.number().int().min(1).max(1_000_000).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL is smtp://user:pass@host:port or smtps://…')
    .optional()
    .or(z.literal('')),
  MAIL_FROM: z.string().optional(),
  // Messages a second; 0 means no limit (benchmarks, a relay of one's own).
  MAIL_RATE: z.coerce.number().int().min(0).max(100_000).default(5),
  // How long a newsletter worker holds the messages it claimed before another may take them (tests shorten it).
  MAIL_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** Imports through the admin: the heap their reading worker may use, and how long one may take in all. */
  IMPORT_MEMORY_MB: z.coerce.number().int().min(16).max(16_384).default(256),
  IMPORT_TIME_LIMIT: z
    .string()
    .regex(/^\d+(s|m|h|d)$/, 'IMPORT_TIME_LIMIT is a number and a unit: 90s, 30m, 2h')
    .default('30m'),
  FEDIVERSE_ALLOW_PRIVATE_ADDRESSES: z.enum(['0', '1', 'false', 'true', '']).default('0'),
  // Activities a minute one network may POST to the inbox (a big server delivers from few addresses).
  FEDIVERSE_INBOX_PER_NETWORK: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Days of analytics kept per day; older ones are rolled up into months. At least 90 (the longest preset range). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(90).max(36_500).default(730),
})

/**
 * Whose X-Forwarded-For to believe. Off by default: otherwise any client could pick its own IP and walk around
 * the per-IP throttles. Behind a balancer: the proxies' addresses ("10.0.0.0/8,127.0.0.1"), or "true" to trust any.
 */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === '0' || value === 'false') return false
  if (value === 'true' || value === '1') return true
  return value
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const
const durationMs = (text: string) => Number(text.slice(0, -1)) * UNIT_MS[text.slice(-1) as keyof typeof UNIT_MS]

export type Env = {
  nodeEnv: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  secureCookies: boolean
  admin: { username: string; email: string; password: string } | null
  seedDemo: boolean
  logLevel: string
  trustProxy: boolean | string
  /** Scheduled backups into DATA_DIR/backups: how often (null: off) and how many to keep. */
  backups: { everyMs: number; keep: number } | null
  /** How many likes one network (IPv4 address, IPv6 /64) may add to one post a day, and views per post per 30 minutes. */
  countsPerNetwork: { likes: number; views: number }
  /** Email subscriptions: null without SMTP_URL (no form, the API answers 503). `rate`: messages per second. */
  mail: { smtpUrl: string; from: string; rate: number; claimMs: number } | null
  /** An import through the admin is read in a worker with this heap cap (MB) and must end within `timeLimitMs`. */
  imports: { memoryMb: number; timeLimitMs: number }
  /** Lets Fedify fetch private and loopback addresses: for the loopback tests only, never in production. */
  fediverseAllowPrivateAddresses: boolean
  /** Inbox POSTs one network may make a minute (FEDIVERSE_INBOX_PER_NETWORK); past it, 429. */
  fediverseInboxPerNetwork: number
  /** Days of analytics kept per day (ANALYTICS_RETENTION_DAYS, default two years); older ones become months. */
  analyticsRetentionDays: number
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw = EnvSchema.parse(source)
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '')
  const admin =
    raw.ADMIN_USERNAME && raw.ADMIN_PASSWORD
      ? {
          username: raw.ADMIN_USERNAME,
          email: raw.ADMIN_EMAIL ?? `${raw.ADMIN_USERNAME}@localhost`,
          password: raw.ADMIN_PASSWORD,
        }
      : null
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    admin,
    seedDemo: raw.SEED_DEMO === '1' || raw.SEED_DEMO === 'true',
    logLevel: raw.LOG_LEVEL,
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    backups: raw.BACKUP_EVERY ? { everyMs: durationMs(raw.BACKUP_EVERY), keep: raw.BACKUP_KEEP } : null,
    countsPerNetwork: { likes: raw.LIKES_PER_NETWORK, views: raw.VIEWS_PER_NETWORK },
    mail: raw.SMTP_URL
      ? {
          smtpUrl: raw.SMTP_URL,
          from: raw.MAIL_FROM || `blog@${new URL(publicUrl).hostname}`,
          rate: raw.MAIL_RATE,
          claimMs: raw.MAIL_CLAIM_SECONDS * 1000,
        }
      : null,
    imports: { memoryMb: raw.IMPORT_MEMORY_MB, timeLimitMs: durationMs(raw.IMPORT_TIME_LIMIT) },
    fediverseAllowPrivateAddresses:
      raw.FEDIVERSE_ALLOW_PRIVATE_ADDRESSES === '1' || raw.FEDIVERSE_ALLOW_PRIVATE_ADDRESSES === 'true',
    fediverseInboxPerNetwork: raw.FEDIVERSE_INBOX_PER_NETWORK,
    analyticsRetentionDays: raw.ANALYTICS_RETENTION_DAYS,
  }
}
