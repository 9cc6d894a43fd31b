import { formFromPost, PostDraftSchema, toPostBody, validatePost, type PostForm } from '#shared/post-draft.ts'
import type { Post } from '#shared/schemas/post.ts'
import type { Autosave, Revision, RevisionSummary } from '#shared/schemas/revision.ts'
import type { Db } from '../../db/client.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { isoOrNull } from '../posts/posts.service.ts'
import * as repo from './revisions.repo.ts'

/** Revisions kept per post, and the most text they may hold together (the newest is always kept). */
export const MAX_REVISIONS = 50
export const MAX_REVISION_BYTES = 2_000_000
/** An autosave nobody came back to for this long is dropped by housekeeping. */
export const AUTOSAVE_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const NEW_POST_KEY = 'new'

const iso = (value: string) => isoOrNull(value) ?? value

function parseForm(data: string): PostForm | null {
  try {
    const parsed = PostDraftSchema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

async function assertKey(db: Db, key: string): Promise<void> {
  if (key !== NEW_POST_KEY && !(await repo.postExists(db, key))) notFound('Post')
}

/** The working copy, or null when there is none (an absent copy is the usual case, not an error). */
export async function getAutosave(db: Db, key: string): Promise<Autosave | null> {
  await assertKey(db, key)
  const row = await repo.findAutosave(db, key)
  const form = row ? parseForm(row.data) : null
  return row && form ? { savedAt: iso(row.saved_at), form } : null
}

/** The working copy: replaced on every autosave, never seen by readers (posts are untouched until a real save). */
export async function saveAutosave(db: Db, key: string, form: PostForm, now: Date): Promise<Autosave> {
  await assertKey(db, key)
  const savedAt = now.toISOString()
  await repo.upsertAutosave(db, { post_key: key, data: JSON.stringify(form), saved_at: savedAt })
  return { savedAt, form }
}

export async function discardAutosave(db: Db, key: string): Promise<void> {
  await assertKey(db, key)
  await repo.deleteAutosave(db, key)
}

/**
 * After every create or update of a post: the saved state becomes a revision (unless it equals the newest one),
 * old revisions beyond the count or size budget go, and the working copy is done with.
 */
export async function recordSave(db: Db, post: Post, now: Date, autosaveKey: string = post.id): Promise<void> {
  const data = JSON.stringify(formFromPost(post))
  const latest = await repo.findLatestRevision(db, post.id)
  if (latest?.data !== data) {
    await repo.insertRevision(db, {
      id: crypto.randomUUID(),
      post_id: post.id,
      title: post.title,
      data,
      size: data.length,
      created_at: now.toISOString(),
    })
    let total = 0
    const excess = (await repo.findRevisionSizes(db, post.id)).filter((r, i) => {
      total += Number(r.size)
      return i > 0 && (i >= MAX_REVISIONS || total > MAX_REVISION_BYTES)
    })
    await repo.deleteRevisions(
      db,
      excess.map((r) => r.id),
    )
  }
  await repo.deleteAutosave(db, autosaveKey)
}

export async function listRevisions(db: Db, postId: string): Promise<RevisionSummary[]> {
  await assertKey(db, postId)
  const rows = await repo.findRevisionList(db, postId)
  return rows.map((r) => ({ id: r.id, createdAt: iso(r.created_at), title: r.title, size: Number(r.size) }))
}

export async function getRevision(db: Db, postId: string, id: string): Promise<Revision> {
  const row = (await repo.findRevision(db, postId, id)) ?? notFound('Revision')
  const form = parseForm(row.data) ?? notFound('Revision')
  return { id: row.id, createdAt: iso(row.created_at), form }
}

/**
 * "Restore": the revision becomes the working copy (the post itself changes only on the next save). It is
 * validated like a save first: the same schema, its category must still exist and its slug must still be free.
 */
export async function restoreRevision(db: Db, postId: string, id: string, now: Date): Promise<Autosave> {
  const { form } = await getRevision(db, postId, id)
  const body = toPostBody(form, 'draft')
  const errors = Object.entries(validatePost(body))
  if (errors.length)
    badRequest(
      `This revision cannot be restored: ${errors.map(([field, message]) => `${field}: ${message}`).join('; ')}`,
    )
  if (body.categoryId && !(await repo.categoryExists(db, body.categoryId)))
    badRequest('This revision cannot be restored: its category no longer exists')
  if (body.slug && (await repo.slugTakenByOther(db, body.slug, postId)))
    conflict('This revision cannot be restored: another post now uses its slug')
  return saveAutosave(db, postId, form, now)
}

/** Housekeeping's part of this feature. */
export { deleteStaleAutosaves } from './revisions.repo.ts'
