import type { DeliveryStatus } from '../../db/schema.ts'
import { UNSUBSCRIBE_KEY } from './backup-format.ts'
import { batches } from './batches.ts'
import type { ImportRun } from './merge.ts'
import * as repo from './transfer.repo.ts'
import type { RecordReader } from './write-history.ts'

const BATCH = 1000

/**
 * Author profiles, each for the user its author became here (users.ts): a user who has a profile already keeps
 * theirs, so several authors merged into one admin give them the first profile only.
 */
export async function restoreAuthorProfiles(
  run: ImportRun,
  records: RecordReader,
  users: Map<string, string>,
): Promise<void> {
  for await (const p of records('authorProfiles')) {
    const userId = users.get(p.userId)
    if (!userId) {
      run.report.skip('authorProfiles', p.userId, 'its user is not in the backup')
      continue
    }
    const row = { user_id: userId, display_name: p.displayName, bio: p.bio, avatar: p.avatar, updated_at: p.updatedAt }
    if (await repo.insertAuthorProfileIfNone(run.db, row)) run.report.created('authorProfiles')
    else run.report.skip('authorProfiles', p.userId, 'this user already has a profile here', { conflict: true })
  }
}

/**
 * The unsubscribe key, then the subscribers. The key signs every unsubscribe link sent: a blog that has no subscribers
 * yet takes the backup's, so the links in emails already sent keep working; one with subscribers keeps its own (their
 * links must keep working) and says that the backup's links will not. Subscribers are added when their id and
 * address are both free here; reports name them by id, never by address.
 */
export async function restoreSubscribers(run: ImportRun, records: RecordReader): Promise<Set<string>> {
  const hadSubscribers = await repo.hasSubscribers(run.db)
  for await (const key of records('unsubscribeKey')) {
    const current = await repo.findServerSecret(run.db, UNSUBSCRIBE_KEY)
    if (current === key.value) continue
    if (hadSubscribers) {
      run.report.skip('unsubscribeKey', 'unsubscribe key', 'this blog has subscribers and keeps its own key', {
        conflict: true,
      })
      run.report.warn(
        "Unsubscribe links in emails the backup's blog sent do not work here; later emails carry new ones",
      )
      continue
    }
    await repo.setServerSecret(run.db, { name: UNSUBSCRIBE_KEY, value: key.value, created_at: key.createdAt })
    run.report.created('unsubscribeKey')
  }
  const seen = { ids: new Set<string>(), emails: new Set<string>() }
  for await (const batch of batches(run.writer, records('subscribers'), BATCH)) {
    const taken = await repo.findTakenSubscribers(
      run.db,
      batch.map((s) => s.id),
      batch.map((s) => s.email),
    )
    const rows = []
    for (const s of batch) {
      if (taken.emails.has(s.email) || seen.emails.has(s.email)) {
        run.report.skip('subscribers', s.id, 'this address is already a subscriber', { conflict: true })
        continue
      }
      if (taken.ids.has(s.id) || seen.ids.has(s.id)) {
        run.report.skip('subscribers', s.id, 'a subscriber with this id already exists', { conflict: true })
        continue
      }
      seen.ids.add(s.id)
      seen.emails.add(s.email)
      rows.push({
        id: s.id,
        email: s.email,
        status: s.status as 'pending' | 'subscribed' | 'unsubscribed' | 'bounced',
        confirm_token_hash: null,
        confirm_expires_at: s.confirmExpiresAt,
        confirm_sent_at: s.confirmSentAt,
        confirmed_at: s.confirmedAt,
        unsubscribed_at: s.unsubscribedAt,
        created_at: s.createdAt,
        updated_at: s.updatedAt,
      })
    }
    await repo.insertSubscribers(run.db, rows)
    run.report.created('subscribers', rows.length)
  }
  return seen.ids
}

/**
 * Which posts were emailed (or skipped) and to whom, for the posts and subscribers this restore wrote: a restored
 * blog does not email its posts again, and what was pending goes out from here.
 */
export async function restoreNewsletter(
  run: ImportRun,
  records: RecordReader,
  posts: Set<string>,
  subscribers: Set<string>,
): Promise<void> {
  const sends = new Set<string>()
  for await (const batch of batches(run.writer, records('newsletterSends'), BATCH)) {
    const rows = batch.filter((s) => posts.has(s.postId) && !sends.has(s.postId))
    for (const s of batch)
      if (!rows.includes(s)) run.report.skip('newsletterSends', s.postId, 'its post is not restored')
    rows.forEach((s) => sends.add(s.postId))
    await repo.insertNewsletterSends(
      run.db,
      rows.map((s) => ({
        post_id: s.postId,
        skipped: s.skipped ? 1 : 0,
        created_at: s.createdAt,
        completed_at: s.completedAt,
      })),
    )
    run.report.created('newsletterSends', rows.length)
  }
  for await (const batch of batches(run.writer, records('newsletterDeliveries'), BATCH)) {
    const rows = batch.filter((d) => sends.has(d.postId) && subscribers.has(d.subscriberId))
    await repo.insertNewsletterDeliveries(
      run.db,
      rows.map((d) => ({
        post_id: d.postId,
        subscriber_id: d.subscriberId,
        status: d.status as DeliveryStatus,
        attempts: d.attempts,
        next_attempt_at: d.nextAttemptAt,
        claimed_until: null,
        sent_at: d.sentAt,
        last_error_code: d.lastErrorCode,
      })),
    )
    run.report.created('newsletterDeliveries', rows.length)
    if (rows.length < batch.length)
      run.report.skip(
        'newsletterDeliveries',
        `${batch.length - rows.length}`,
        'their post or subscriber is not restored',
      )
  }
}
