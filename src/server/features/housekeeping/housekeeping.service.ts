import type { Db } from '../../db/client.ts'
import { rollUpAnalytics } from '../analytics/analytics.service.ts'
import { deleteExpiredLoginTickets } from '../auth/auth.service.ts'
import { deleteIdleSessions } from '../auth/sessions.service.ts'
import { pruneRecentViews, tenMinuteSlot } from '../engagement/views.service.ts'
import { LONGEST_WINDOW_MS, pruneBuckets } from '../rate-limit/rate-limit.service.ts'
import { AUTOSAVE_TTL_MS, deleteStaleAutosaves } from '../revisions/revisions.service.ts'

export const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000
/** How long the 10-minute view slots behind the spike flag are kept. */
const RECENT_VIEWS_KEPT_MS = 2 * 24 * 60 * 60 * 1000

/**
 * Rows that count for nothing any more: throttle windows long over, idle or too old sessions, expired login tickets,
 * forgotten autosaves, old view slots; and analytics past their retention, rolled up into months. Idempotent, on any
 * instance.
 */
export async function housekeep(db: Db, now: Date, analyticsRetentionDays: number): Promise<void> {
  await pruneBuckets(db, new Date(now.getTime() - LONGEST_WINDOW_MS))
  await deleteIdleSessions(db, now)
  await deleteExpiredLoginTickets(db, now)
  await deleteStaleAutosaves(db, new Date(now.getTime() - AUTOSAVE_TTL_MS).toISOString())
  await pruneRecentViews(db, tenMinuteSlot(new Date(now.getTime() - RECENT_VIEWS_KEPT_MS)))
  await rollUpAnalytics(db, now, analyticsRetentionDays)
}
