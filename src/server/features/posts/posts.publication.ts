import { SCHEDULE_TIME_REQUIRED, type PostStatus } from '#shared/schemas/post.ts'
import { badRequest } from '../../errors.ts'

/** Where a post stands: its status and, for a scheduled post, when it goes out (published_at holds that time). */
export type Publication = { status: PostStatus; published_at: string | null }

/** A stored status as the API knows it (anything unknown reads as a draft, which nobody public sees). */
export const postStatusOf = (status: string): PostStatus =>
  status === 'published' || status === 'scheduled' ? status : 'draft'

/**
 * The status and publishedAt a save leaves. Published: the first publication time is kept, else now. Scheduled: at
 * the time asked (or the one already set), in UTC; a time already past publishes now. Draft: keeps a past
 * publication time; a schedule it leaves is dropped, since that post was never out.
 */
export function nextPublication(
  before: { status: string; published_at: string | null } | undefined,
  wanted: { status?: PostStatus; publishedAt?: string | null },
  now: Date,
): Publication {
  const status = wanted.status ?? postStatusOf(before?.status ?? 'draft')
  const wasScheduled = before?.status === 'scheduled'
  const firstPublished = wasScheduled ? null : (before?.published_at ?? null)

  if (status === 'scheduled') {
    const asked = wanted.publishedAt ?? (wasScheduled ? before.published_at : null)
    if (!asked) return badRequest(SCHEDULE_TIME_REQUIRED)
    const at = new Date(asked)
    // Stored as fixed-width ISO text, which compares as time: years past 9999 would not.
    if (Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999) return badRequest('Choose a valid date and time')
    if (at.getTime() <= now.getTime()) return { status: 'published', published_at: now.toISOString() }
    return { status: 'scheduled', published_at: at.toISOString() }
  }
  if (status === 'published') return { status, published_at: firstPublished ?? now.toISOString() }
  return { status, published_at: firstPublished }
}
