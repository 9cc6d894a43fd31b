import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/client.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { paths } from '#shared/paths.ts'
import { escapeHtml } from '#shared/text/escape-html.ts'
import { absoluteHtml } from '../feeds/feeds.service.ts'
import { postById, postHtmlByIds } from '../posts/posts.service.ts'
import { getSiteIdentity } from '../settings/site-identity.service.ts'
import { unsubscribeLinks } from '../subscribers/subscribers.service.ts'
import { newsletterEmail, type PostEmail } from './newsletter-email.ts'
import * as repo from './newsletter.repo.ts'

const MINUTE = 60_000
const MAX_BACKOFF = 60 * MINUTE

/** 1 minute after the first failure, doubling, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF)

export type Sender = {
  db: Db
  mailer: Mailer
  clock: Clock
  log: FastifyBaseLogger
  publicUrl: string
  /** How long a claim holds; well past nodemailer's timeouts (mailer.ts). */
  claimMs: number
  /** Deliveries claimed at once: what the rate sends in well under the claim. */
  batch: number
  /** Resolves when the next message may start (readerFirstPacer). */
  pace: () => Promise<void>
}

/** Messages handed to the pool at once: enough to keep its 5 connections busy. */
const IN_FLIGHT = 10

/** Claims of at most this many seconds' sending at MAIL_RATE, and never more than this many rows. */
const BATCH_SECONDS = 10
const MAX_BATCH = 200

export const batchSize = (rate: number) =>
  rate > 0 ? Math.max(1, Math.min(MAX_BATCH, rate * BATCH_SECONDS)) : MAX_BATCH

/** The post as every copy of its email shows it, or null when it is not public (it waits). */
async function postEmailOf(db: Db, publicUrl: string, postId: string): Promise<PostEmail | null> {
  const post = await postById(db, postId, { isAdmin: true }).catch(() => null)
  if (!post || post.status !== 'published') return null
  const body = (await postHtmlByIds(db, [postId])).get(postId) ?? ''
  // The featured image heads the post page, and is left out of its rendered content: the email shows it first too.
  const image = post.featuredImage
    ? `<p><img src="${escapeHtml(post.featuredImage)}" alt="" style="max-width:100%"></p>`
    : ''
  return {
    siteName: (await getSiteIdentity(db)).title,
    title: post.title,
    html: absoluteHtml(image + body, publicUrl),
    text: post.content,
    postUrl: `${publicUrl}${paths.post(post.slug)}`,
  }
}

type SmtpError = { code?: string; responseCode?: number; command?: string }

/**
 * One round of the worker: claims a batch of due deliveries and sends each through the pool. Each message's
 * Message-ID is `<post id>.<subscriber id>@<host>`, so a copy sent again after a crash is the same message. Returns
 * how many were claimed (0: nothing is due).
 */
export async function sendDue(s: Sender): Promise<number> {
  const start = s.clock()
  if (!(await repo.anyDue(s.db, start.toISOString()))) return 0
  const until = new Date(start.getTime() + s.claimMs).toISOString()
  const claimed = await repo.claimBatch(s.db, { now: start.toISOString(), until }, s.batch)
  if (!claimed.length) return 0
  const subscribers = new Map(
    (await repo.subscribersByIds(s.db, [...new Set(claimed.map((c) => c.subscriber_id))])).map((r) => [r.id, r]),
  )
  const postIds = [...new Set(claimed.map((c) => c.post_id))]
  const posts = new Map(
    await Promise.all(postIds.map(async (id) => [id, await postEmailOf(s.db, s.publicUrl, id)] as const)),
  )
  const unsubscribeUrl = await unsubscribeLinks(s.db, s.publicUrl, start)
  const host = new URL(s.publicUrl).hostname

  const deliver = async (delivery: repo.Claimed) => {
    const subscriber = subscribers.get(delivery.subscriber_id)
    const post = posts.get(delivery.post_id)
    // Left (unsubscribed, bounced, deleted) since the post went out: nothing is sent.
    if (!subscriber || subscriber.status !== 'subscribed')
      return repo.finish(s.db, delivery, until, { status: 'skipped' })
    const retry = (code: string) =>
      repo.finish(s.db, delivery, until, {
        status: 'pending',
        next_attempt_at: new Date(s.clock().getTime() + backoffMs(delivery.attempts)).toISOString(),
        last_error_code: code,
      })
    if (!post) return retry('not-public')
    const messageId = `<${delivery.post_id}.${delivery.subscriber_id}@${host}>`
    try {
      await s.mailer.send(newsletterEmail(post, subscriber.email, unsubscribeUrl(subscriber.id), messageId))
    } catch (err) {
      // Only codes: an SMTP server's message may quote the address.
      const { code, responseCode, command } = (err ?? {}) as SmtpError
      const why = String(responseCode ?? code ?? 'error')
      s.log.warn(
        { post: delivery.post_id, subscriber: delivery.subscriber_id, code, responseCode },
        'newsletter not sent',
      )
      if (responseCode && responseCode >= 500 && command === 'RCPT TO')
        return repo.bounce(s.db, delivery, until, why, s.clock().toISOString())
      if (responseCode && responseCode >= 500)
        return repo.finish(s.db, delivery, until, { status: 'failed', last_error_code: why })
      return retry(why)
    }
    return repo.finish(s.db, delivery, until, {
      status: 'sent',
      sent_at: s.clock().toISOString(),
      last_error_code: null,
    })
  }
  // A few messages in flight at a time, each started when the pacer lets it: readers come first.
  const inFlight = new Set<Promise<unknown>>()
  for (const delivery of claimed) {
    await s.pace()
    const sending = deliver(delivery).finally(() => inFlight.delete(sending))
    inFlight.add(sending)
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  await repo.completeSends(s.db, postIds, s.clock().toISOString())
  return claimed.length
}
