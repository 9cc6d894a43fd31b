import type { Db } from '../../db/client.ts'
import { tooManyRequests } from '../../errors.ts'
import { eventsSince, recordEvent } from './rate-limit.repo.ts'

/**
 * Throttles kept in the database so every instance sees the same counts.
 * `limit` events are allowed per `windowMs`; past that, 429 with Retry-After until the oldest event leaves the window.
 */
export type Limit = { limit: number; windowMs: number }

export const LOGIN_LIMIT: Limit = { limit: 5, windowMs: 15 * 60 * 1000 }
export const COMMENT_LIMIT: Limit = { limit: 5, windowMs: 60 * 1000 }

/** Throws 429 when the bucket is already full. */
export async function assertUnderLimit(db: Db, bucket: string, rule: Limit, now: Date): Promise<void> {
  const since = new Date(now.getTime() - rule.windowMs)
  const events = await eventsSince(db, bucket, since)
  if (events.length >= rule.limit) {
    const oldest = new Date(events[events.length - rule.limit] ?? events[0]!).getTime()
    tooManyRequests((oldest + rule.windowMs - now.getTime()) / 1000)
  }
}

/** Counts one event against the bucket. */
export async function countEvent(db: Db, bucket: string, now: Date): Promise<void> {
  await recordEvent(db, bucket, now)
}
