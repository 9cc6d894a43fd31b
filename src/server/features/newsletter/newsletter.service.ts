import type { NewsletterSend, NewsletterSendState } from '#shared/schemas/newsletter.ts'
import type { Db, Trx } from '../../db/client.ts'
import { notFound } from '../../errors.ts'
import * as repo from './newsletter.repo.ts'

/** A save of a post, as the newsletter sees it (called in the transaction that saves it). */
export type PostSaved = {
  postId: string
  /** This save makes the post public for the first time (published now, or a scheduled post reaching its time). */
  firstPublic: boolean
  /** The post is not public after this save (a draft, or scheduled). */
  notPublic: boolean
  /** The body's sendNewsletter: false skips the email; undefined keeps whatever was chosen before. */
  sendNewsletter: boolean | undefined
  /** SMTP is set up: without it nothing is queued (turning it on later must not mail old posts). */
  emailEnabled: boolean
  now: Date
}

/**
 * In the transaction that saves a post: the first time it becomes public, its send and one delivery per confirmed
 * subscriber are written with it (or nothing, if it has a send row already: sent or skipped). `sendNewsletter: false`
 * records a skip, which a scheduled post keeps until its time; `true` on a post not yet public forgets the skip.
 */
export async function recordPostSaved(trx: Trx, save: PostSaved): Promise<void> {
  const at = save.now.toISOString()
  if (save.sendNewsletter === false) await repo.insertSkip(trx, save.postId, at)
  else if (save.sendNewsletter === true && save.notPublic) await repo.dropSkip(trx, save.postId)
  if (save.firstPublic && save.emailEnabled) await repo.startSend(trx, save.postId, at)
}

const toSend = (r: repo.SendCounts): NewsletterSend => ({
  postId: r.post_id,
  title: r.title,
  slug: r.slug,
  startedAt: r.created_at,
  completedAt: r.completed_at,
  delivered: r.sent,
  failed: r.failed,
  pending: r.pending,
})

/** GET /api/admin/newsletter/sends: each post sent by email with delivered / failed / pending counts. */
export async function listSends(db: Db): Promise<NewsletterSend[]> {
  return (await repo.sendCounts(db)).map(toSend)
}

/** Where one post stands: never decided, skipped, or sent (with its counts). The editor reads it. */
export async function sendState(db: Db, postId: string): Promise<NewsletterSendState> {
  const row = await repo.sendOf(db, postId)
  if (!row) return { state: 'none', send: null }
  if (Number(row.skipped)) return { state: 'skipped', send: null }
  const [send] = await repo.sendCounts(db, postId)
  return { state: 'sent', send: send ? toSend(send) : null }
}

/** "Retry failed": the post's failed deliveries are pending again (a bounced subscriber is skipped at claim time). */
export async function retryFailed(db: Db, postId: string, now: Date): Promise<number> {
  const state = await repo.sendOf(db, postId)
  if (!state || Number(state.skipped)) notFound('Newsletter send')
  return repo.retryFailed(db, postId, now.toISOString())
}
