import type { DataKind } from './backup-format.ts'
import { batches } from './batches.ts'
import type { ImportRun } from './merge.ts'
import type { ModelRecords } from './model.ts'
import * as repo from './transfer.repo.ts'

export type RecordReader = <K extends DataKind>(kind: K) => AsyncIterable<ModelRecords[K]>

export const SECRETS_REFUSED =
  'sessions, second factors and fediverse keys are restored only by npm run import -- --with-secrets into a blog without an admin'

const BATCH = 1000

/**
 * The editor's history of the posts this restore created (revisions, the autosaved working copy, the share link)
 * and the 404 log. Rows of posts that were skipped go with them; rows already here are kept as they are.
 */
export async function restoreEditorHistory(
  run: ImportRun,
  records: RecordReader,
  imported: Set<string>,
): Promise<void> {
  for await (const batch of batches(run.writer, records('revisions'), BATCH)) {
    const rows = batch
      .filter((r) => imported.has(r.postId))
      .map((r) => ({
        id: r.id,
        post_id: r.postId,
        title: r.title,
        data: r.data,
        size: r.data.length,
        created_at: r.createdAt,
      }))
    run.report.created('revisions', await repo.insertMissing(run.db, 'post_revisions', rows))
  }
  for await (const batch of batches(run.writer, records('autosaves'), BATCH)) {
    // "new" is the working copy of a post not saved yet.
    const rows = batch
      .filter((a) => a.postKey === 'new' || imported.has(a.postKey))
      .map((a) => ({ post_key: a.postKey, data: a.data, saved_at: a.savedAt }))
    run.report.created('autosaves', await repo.insertMissing(run.db, 'post_autosaves', rows))
  }
  for await (const batch of batches(run.writer, records('previews'), BATCH)) {
    const mine = batch.filter((p) => imported.has(p.postId))
    const taken = await repo.findPreviewTokens(
      run.db,
      mine.map((p) => p.token),
    )
    for (const p of mine.filter((p) => taken.has(p.token)))
      run.report.skip('previews', p.postId, 'its share link is already used by another post here')
    const rows = mine
      .filter((p) => !taken.has(p.token))
      .map((p) => ({ post_id: p.postId, token: p.token, created_at: p.createdAt }))
    run.report.created('previews', await repo.insertMissing(run.db, 'post_previews', rows))
  }
  for await (const batch of batches(run.writer, records('notFound'), BATCH)) {
    const rows = batch.map((n) => ({ path: n.path, hits: n.hits, referrer: n.referrer, last_seen_at: n.lastSeenAt }))
    run.report.created('notFound', await repo.insertMissing(run.db, 'not_found_log', rows))
  }
}

/**
 * Sessions and two-factor secrets (in a backup only with --with-secrets), for users restored as themselves, and
 * only when the run may restore secrets. Anywhere else they would let the file's author act as a user here.
 */
export async function restoreSecrets(run: ImportRun, records: RecordReader, users: Map<string, string>): Promise<void> {
  const own = (userId: string, kind: 'sessions' | 'twoFactor' | 'recoveryCodes', item: string) => {
    if (!run.withSecrets) {
      run.report.skip(kind, item, SECRETS_REFUSED)
      return false
    }
    if (users.get(userId) === userId) return true
    run.report.skip(kind, item, 'its user was merged into another account here')
    return false
  }
  for await (const batch of batches(run.writer, records('sessions'), BATCH)) {
    const rows = batch
      .filter((s) => own(s.userId, 'sessions', s.publicId ?? 'session'))
      .map((s) => ({
        id: s.id,
        user_id: s.userId,
        public_id: s.publicId,
        user_agent: s.userAgent,
        ip: s.ip,
        created_at: s.createdAt,
        last_seen_at: s.lastSeenAt,
      }))
    run.report.created('sessions', await repo.insertMissing(run.db, 'sessions', rows))
  }
  for await (const batch of batches(run.writer, records('twoFactor'), BATCH)) {
    const rows = batch
      .filter((t) => own(t.userId, 'twoFactor', t.userId))
      .map((t) => ({
        user_id: t.userId,
        secret: t.secret,
        enabled_at: t.enabledAt,
        last_step: t.lastStep,
        created_at: t.createdAt,
      }))
    run.report.created('twoFactor', await repo.insertMissing(run.db, 'user_two_factor', rows))
  }
  for await (const batch of batches(run.writer, records('recoveryCodes'), BATCH)) {
    const rows = batch
      .filter((c) => own(c.userId, 'recoveryCodes', c.userId))
      .map((c) => ({ id: c.id, user_id: c.userId, code_hash: c.codeHash, used_at: c.usedAt, created_at: c.createdAt }))
    run.report.created('recoveryCodes', await repo.insertMissing(run.db, 'recovery_codes', rows))
  }
}
