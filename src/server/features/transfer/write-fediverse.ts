import { FEDIVERSE_KEYS, FEDIVERSE_SETTINGS } from './backup-format.ts'
import { batches } from './batches.ts'
import type { ImportRun } from './merge.ts'
import * as repo from './transfer.repo.ts'
import { SECRETS_REFUSED, type RecordReader } from './write-history.ts'

const BATCH = 1000

/**
 * The blog as a fediverse actor: its settings (unless this blog has its own), blocked accounts, followers (not one
 * blocked here), and for the posts this restore created what their followers were told and their likes and boosts.
 * The key pairs are the actor's identity and a secret: they come back only as sessions do (--with-secrets into a
 * blog with no admin), and only into a blog that has made none of its own.
 */
export async function restoreFediverse(run: ImportRun, records: RecordReader, posts: Set<string>): Promise<void> {
  for await (const s of records('fediverseSettings')) {
    const value = JSON.stringify({ enabled: s.enabled, handle: s.handle })
    const here = await repo.findFediverseState(run.db, FEDIVERSE_SETTINGS)
    if (here === undefined) {
      await repo.insertFediverseState(run.db, FEDIVERSE_SETTINGS, value, s.updatedAt)
      run.report.created('fediverseSettings')
    } else if (here !== value)
      run.report.skip('fediverseSettings', s.handle, 'this blog has fediverse settings of its own', { conflict: true })
  }
  for await (const batch of batches(run.writer, records('fediverseBlocks'), BATCH)) {
    const rows = batch.map((b) => ({ actor_id: b.actorId, created_at: b.createdAt }))
    run.report.created('fediverseBlocks', await repo.insertMissing(run.db, 'fediverse_blocks', rows))
  }
  for await (const batch of batches(run.writer, records('fediverseFollowers'), BATCH)) {
    const blocked = await repo.blockedActors(
      run.db,
      batch.map((f) => f.actorId),
    )
    for (const f of batch) if (blocked.has(f.actorId)) run.report.skip('fediverseFollowers', f.actorId, 'blocked here')
    const rows = batch
      .filter((f) => !blocked.has(f.actorId))
      .map((f) => ({
        actor_id: f.actorId,
        inbox: f.inbox,
        shared_inbox: f.sharedInbox,
        handle: f.handle,
        name: f.name,
        url: f.url,
        follow_id: f.followId,
        created_at: f.createdAt,
      }))
    run.report.created('fediverseFollowers', await repo.insertMissing(run.db, 'fediverse_followers', rows))
  }
  for await (const batch of batches(run.writer, records('fediverseArticles'), BATCH)) {
    const rows = batch
      .filter((a) => posts.has(a.postId))
      .map((a) => ({
        post_id: a.postId,
        object_id: a.objectId,
        state: a.state as 'created' | 'deleted',
        updated_at: a.updatedAt,
      }))
    run.report.created('fediverseArticles', await repo.insertMissing(run.db, 'fediverse_articles', rows))
  }
  for await (const batch of batches(run.writer, records('fediverseReactions'), BATCH)) {
    const rows = batch
      .filter((r) => posts.has(r.postId))
      .map((r) => ({
        post_id: r.postId,
        actor_id: r.actorId,
        kind: r.kind as 'like' | 'boost',
        activity_id: r.activityId,
        created_at: r.createdAt,
      }))
    await repo.insertFediverseReactions(run.db, rows)
    run.report.created('fediverseReactions', rows.length)
  }
  for await (const k of records('fediverseKeys')) {
    if (!run.withSecrets) run.report.skip('fediverseKeys', 'fediverse keys', SECRETS_REFUSED)
    else if ((await repo.findFediverseState(run.db, FEDIVERSE_KEYS)) !== undefined)
      run.report.skip('fediverseKeys', 'fediverse keys', 'this blog has fediverse keys of its own', { conflict: true })
    else {
      await repo.insertFediverseState(run.db, FEDIVERSE_KEYS, k.keys, k.createdAt)
      run.report.created('fediverseKeys')
    }
  }
}
