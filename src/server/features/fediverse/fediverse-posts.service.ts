import type { Db, Trx } from '../../db/client.ts'
import { markPostPending, reactionCounts } from './fediverse.repo.ts'

type Announcer = (postId: string) => Promise<void>

/** The running server's announcer for each database (none in the CLI tools and importers: they federate nothing). */
const announcers = new WeakMap<Db, Announcer>()

export function setPostAnnouncer(db: Db, announce: Announcer | null): void {
  if (announce) announcers.set(db, announce)
  else announcers.delete(db)
}

/**
 * Notes, in the transaction that creates, changes, publishes or deletes a post, that the fediverse is to hear of it.
 * The mark outlives a kill before the announcement is queued: every instance announces the marked posts at start.
 */
export async function recordPostChangeForFediverse(trx: Trx, postId: string): Promise<void> {
  await markPostPending(trx, postId)
}

/**
 * Tells the fediverse about a post's new state, after its transaction (which called recordPostChangeForFediverse) committed: the first time it is public a
 * Create goes to the followers, an edit while public an Update, unpublishing or deleting it a Delete. The activities
 * are queued in the database (Fedify delivers them); a failure here is logged by the announcer and never fails the save.
 */
export async function postChangedForFediverse(db: Db, postId: string): Promise<void> {
  await announcers.get(db)?.(postId)
}

/** How many remote actors liked and boosted a post (each counted once). */
export async function fediverseReactions(db: Db, postId: string): Promise<{ likes: number; boosts: number }> {
  return reactionCounts(db, postId)
}
