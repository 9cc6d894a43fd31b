import type { Db } from '../../db/client.ts'
import { rollUpMonths } from './analytics.repo.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Day rows are kept for the retention; whole months before the one it reaches into are kept only as months. */
export function rolledUpBefore(now: Date, retentionDays: number): string {
  return `${new Date(now.getTime() - retentionDays * DAY_MS).toISOString().slice(0, 7)}-01`
}

/** Housekeeping: rolls aggregates older than the retention up into months (idempotent, on any instance). */
export async function rollUpAnalytics(db: Db, now: Date, retentionDays: number): Promise<void> {
  await rollUpMonths(db, rolledUpBefore(now, retentionDays))
}
