import type { Db } from '../../db/client.ts'
import { recordPostSaved } from '../newsletter/newsletter.service.ts'
import { postChangedForFediverse, recordPostChangeForFediverse } from '../fediverse/fediverse-posts.service.ts'
import { saveListingState } from '../posts/posts.service.ts'
import { claimDueScheduled, featureIfMarked, findDueScheduled } from './scheduled-publishing.repo.ts'

const BATCH = 50

/**
 * Publishes every scheduled post whose time has come and returns their ids. Each post is claimed in its own
 * transaction with its tag rows, search text and counters, so lists, feeds and counts follow it at once; an instance
 * that loses the race for a post skips it. The post's email to subscribers is queued in the same transaction. Safe to run on every instance at once.
 */
export async function publishDuePosts(db: Db, now: Date, opts: { emailEnabled?: boolean } = {}): Promise<string[]> {
  const nowIso = now.toISOString()
  const published: string[] = []
  for (;;) {
    const due = await findDueScheduled(db, nowIso, BATCH)
    for (const id of due) {
      const won = await db.transaction().execute(async (trx) => {
        const post = await claimDueScheduled(trx, id, nowIso)
        if (!post) return false
        await featureIfMarked(trx, post)
        await saveListingState(trx, { ...post, status: 'scheduled' }, post)
        await recordPostChangeForFediverse(trx, id)
        // Its first publication: the email to subscribers is queued with it (unless it was saved to skip it).
        await recordPostSaved(trx, {
          postId: id,
          firstPublic: true,
          notPublic: false,
          sendNewsletter: undefined,
          emailEnabled: opts.emailEnabled === true,
          now,
        })
        return true
      })
      if (!won) continue
      published.push(id)
      await postChangedForFediverse(db, id)
    }
    if (due.length < BATCH) return published
  }
}
