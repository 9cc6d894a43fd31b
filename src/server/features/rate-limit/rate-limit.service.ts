import type { Db } from '../../db/client.ts'
import { tooManyRequests } from '../../errors.ts'
import { hit, peekBuckets, unhit } from './rate-limit.repo.ts'

/**
 * Throttles kept in the database so every instance sees the same counts. At most `limit` hits are allowed in a
 * window of `windowMs` that starts with a bucket's first hit; past that, 429 with Retry-After until it ends.
 */
export type Limit = { limit: number; windowMs: number }

const MINUTE = 60 * 1000

export const LOGIN_LIMIT: Limit = { limit: 5, windowMs: 15 * MINUTE }
export const COMMENT_LIMIT: Limit = { limit: 5, windowMs: MINUTE }
/** Replies from one fediverse server (many accounts, as one network may be many readers); each account has COMMENT_LIMIT. */
export const REMOTE_SERVER_COMMENT_LIMIT: Limit = { limit: 20, windowMs: MINUTE }
/** The longest window of any bucket: rows older than this are only kept until the next prune. */
export const LONGEST_WINDOW_MS = 24 * 60 * MINUTE

export type Taken = { allowed: boolean; retryAfterS: number }

/** Counts the hit first, atomically, then says whether it was within the limit. */
export async function take(db: Db, bucket: string, rule: Limit, now: Date): Promise<Taken> {
  const { hits, windowStart } = await hit(db, bucket, now, rule.windowMs)
  const retryAfterS = (new Date(windowStart).getTime() + rule.windowMs - now.getTime()) / 1000
  return { allowed: hits <= rule.limit, retryAfterS }
}

/**
 * Refuses (429) when any bucket has already used up its window, before anything is counted: a refused attempt
 * writes nothing, so a flood of made-up names past the limit leaves no rows behind.
 */
export async function refuseIfSpent(
  db: Db,
  buckets: string[],
  rule: Limit,
  now: Date,
  message?: string,
): Promise<void> {
  const waitS = (b: { windowStart: string }) =>
    (new Date(b.windowStart).getTime() + rule.windowMs - now.getTime()) / 1000
  const spent = (await peekBuckets(db, buckets)).filter((b) => b.hits >= rule.limit && waitS(b) > 0)
  if (spent.length) tooManyRequests(Math.max(...spent.map(waitS)), message)
}

/** Takes a hit from every bucket; throws 429 (with the longest wait) when any of them is over its limit. */
export async function takeOrThrow(db: Db, buckets: string[], rule: Limit, now: Date, message?: string): Promise<void> {
  const taken = await Promise.all(buckets.map((bucket) => take(db, bucket, rule, now)))
  const refused = taken.filter((t) => !t.allowed)
  if (refused.length) tooManyRequests(Math.max(...refused.map((t) => t.retryAfterS)), message)
}

/** Hands the hits back: the attempt turned out not to count (a correct password). */
export async function giveBack(db: Db, buckets: string[]): Promise<void> {
  for (const bucket of buckets) await unhit(db, bucket)
}

/** Housekeeping's part of this feature. */
export { pruneBuckets } from './rate-limit.repo.ts'
