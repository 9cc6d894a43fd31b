import type { FastifyBaseLogger } from 'fastify'
import { getSiteIdentity } from '../settings/site-identity.service.ts'
import type { AdminSubscriber, SubscriberPage } from '#shared/schemas/subscriber.ts'
import { SUBSCRIBERS_PAGE_SIZE, SubscriberEmailSchema } from '#shared/schemas/subscriber.ts'
import type { Db } from '../../db/client.ts'
import type { SubscriberRow } from '../../db/schema.ts'
import { AppError, notFound } from '../../errors.ts'
import { takeOrThrow, type Limit } from '../rate-limit/rate-limit.service.ts'
import { confirmationEmail } from './confirmation-email.ts'
import type { Mailer } from '../../mail/mailer.ts'
import * as repo from './subscribers.repo.ts'
import { hashToken, newConfirmToken, unsubscribeTokens, type UnsubscribeTokens } from './subscribers.tokens.ts'
import { loadSecret } from '../secrets/secrets.service.ts'

const MINUTE = 60_000
/** Per network, like comments: a form that sends email must not become a way to flood someone's inbox. */
export const SUBSCRIBE_LIMIT: Limit = { limit: 5, windowMs: MINUTE }
export const CONFIRM_EVERY_MS = 10 * MINUTE
export const CONFIRM_VALID_MS = 7 * 24 * 60 * MINUTE

export const NOT_SET_UP = 'Email subscriptions are not set up'

export type Subscriptions = {
  db: Db
  publicUrl: string
  mailer: Mailer | null
  /** Read at each use: a restore may bring back the key the links already sent were signed with. */
  unsubscribe: () => Promise<UnsubscribeTokens>
  log: FastifyBaseLogger
}

export const notSetUp = (): never => {
  throw new AppError(503, NOT_SET_UP)
}

/**
 * Double opt-in. The answer never tells whether the address was known; at most one confirmation email per address
 * per 10 minutes, and an address that already subscribed gets nothing. The email goes out after the answer, so a
 * slow or absent SMTP server neither holds the reader up nor reveals anything.
 */
export async function subscribe(s: Subscriptions, email: string, network: string, now: Date): Promise<void> {
  const mailer = s.mailer ?? notSetUp()
  await takeOrThrow(s.db, [`subscribe:${network}`], SUBSCRIBE_LIMIT, now)
  const at = now.toISOString()
  let row = await repo.findByEmail(s.db, email)
  if (!row) {
    await repo.insertPending(s.db, {
      id: crypto.randomUUID(),
      email,
      status: 'pending',
      confirm_token_hash: null,
      confirm_expires_at: null,
      confirm_sent_at: null,
      confirmed_at: null,
      unsubscribed_at: null,
      created_at: at,
      updated_at: at,
    })
    row = await repo.findByEmail(s.db, email)
  }
  if (!row || row.status === 'subscribed') return
  await sendConfirmation(s, mailer, row, now)
}

/**
 * Sends a confirmation when the claim allows it (none to this address in the last 10 minutes, on any instance);
 * resolves once it is handed to the pool, not when SMTP answers. A failed send lets the next try go at once.
 */
async function sendConfirmation(s: Subscriptions, mailer: Mailer, row: SubscriberRow, now: Date): Promise<boolean> {
  const at = now.toISOString()
  const { token, hash } = newConfirmToken()
  const claimed = await repo.claimConfirmation(s.db, row.id, {
    hash,
    expiresAt: new Date(now.getTime() + CONFIRM_VALID_MS).toISOString(),
    now: at,
    sentBefore: new Date(now.getTime() - CONFIRM_EVERY_MS).toISOString(),
  })
  if (!claimed) return false
  const id = row.id
  const confirmUrl = `${s.publicUrl}/subscribe/confirm?token=${token}`
  const unsubscribeUrl = `${s.publicUrl}/unsubscribe?token=${(await s.unsubscribe()).sign(id)}`
  const siteName = (await getSiteIdentity(s.db)).title
  mailer.send(confirmationEmail(siteName, row.email, confirmUrl, unsubscribeUrl)).catch(async (err: unknown) => {
    // Only codes: an SMTP server's message may quote the address.
    const { code, responseCode } = (err ?? {}) as { code?: string; responseCode?: number }
    s.log.warn({ subscriber: id, code, responseCode }, 'confirmation not sent')
    await repo.releaseConfirmation(s.db, id, at).catch(() => {})
  })
  return true
}

export type LinkOutcome = { status: 200 | 400 | 404; title: string; message: string }

/** Opening the link confirms; opening it again (until it expires) says the same and changes nothing. */
export async function confirm(s: Subscriptions, token: string | undefined, now: Date): Promise<LinkOutcome> {
  const row = token && token.length <= 200 ? await repo.findByConfirmHash(s.db, hashToken(token)) : undefined
  if (!row)
    return { status: 404, title: 'Link not valid', message: 'This confirmation link is not valid. Subscribe again.' }
  if (!row.confirm_expires_at || row.confirm_expires_at <= now.toISOString())
    return { status: 400, title: 'Link expired', message: 'This confirmation link has expired. Subscribe again.' }
  await repo.markSubscribed(s.db, row.id, now.toISOString())
  return { status: 200, title: "You're subscribed", message: 'New posts will arrive in your inbox.' }
}

/** The subscriber an unsubscribe link names, or an outcome page saying why it names nobody. */
export async function subscriberOfLink(
  s: Subscriptions,
  token: string | undefined,
): Promise<SubscriberRow | LinkOutcome> {
  const id = token ? (await s.unsubscribe()).verify(token) : null
  const row = id ? await repo.findById(s.db, id) : undefined
  return row ?? { status: 404, title: 'Link not valid', message: 'This unsubscribe link is not valid.' }
}

export async function unsubscribe(s: Subscriptions, token: string | undefined, now: Date): Promise<LinkOutcome> {
  const found = await subscriberOfLink(s, token)
  if ('title' in found) return found
  await repo.markUnsubscribed(s.db, found.id, now.toISOString())
  return { status: 200, title: "You're unsubscribed", message: 'No more emails will be sent to you.' }
}

export const toAdminSubscriber = (row: SubscriberRow): AdminSubscriber => ({
  id: row.id,
  email: row.email,
  status: row.status,
  createdAt: row.created_at,
  confirmedAt: row.confirmed_at,
  unsubscribedAt: row.unsubscribed_at,
})

export async function listSubscribers(
  db: Db,
  query: { email: string; status?: SubscriberRow['status']; page: number },
): Promise<SubscriberPage> {
  const { rows, total } = await repo.listPage(db, query, {
    limit: SUBSCRIBERS_PAGE_SIZE,
    offset: (query.page - 1) * SUBSCRIBERS_PAGE_SIZE,
  })
  return { subscribers: rows.map(toAdminSubscriber), total, page: query.page, pageSize: SUBSCRIBERS_PAGE_SIZE }
}

export async function deleteSubscriber(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteSubscriber(db, id))) notFound('Subscriber')
}

/** The unsubscribe link of a subscriber, signed with the key every instance shares (read now: a restore may change it). */
export async function unsubscribeLinks(
  db: Db,
  publicUrl: string,
  now: Date,
): Promise<(subscriberId: string) => string> {
  const tokens = unsubscribeTokens(await loadSecret(db, 'unsubscribe', now))
  return (id) => `${publicUrl}/unsubscribe?token=${tokens.sign(id)}`
}

export type ImportOutcome = {
  imported: number
  alreadyKnown: number
  confirmationsSent: number
  invalid: Array<{ row: number; reason: string }>
}

/**
 * Admin → Subscribers → Import: new addresses become subscribers, as confirmed only when the admin says they agreed;
 * otherwise pending, each sent a confirmation under the same claim as the form (at most one per 10 minutes).
 * Addresses already known keep their status (nobody who left is signed up again); bad rows are listed, not fatal.
 */
export async function importSubscribers(
  s: Subscriptions,
  rows: Array<{ row: number; value: string }>,
  agreed: boolean,
  now: Date,
): Promise<ImportOutcome> {
  const mailer = s.mailer ?? notSetUp()
  const at = now.toISOString()
  const invalid: ImportOutcome['invalid'] = []
  const emails = new Set<string>()
  for (const row of rows) {
    const parsed = SubscriberEmailSchema.safeParse(row.value)
    if (parsed.success) emails.add(parsed.data)
    else invalid.push({ row: row.row, reason: parsed.error.issues[0]?.message ?? 'Enter a valid email address' })
  }
  const fresh = await repo.unknownEmails(s.db, [...emails])
  const inserted = await repo.insertMany(
    s.db,
    fresh.map((email) => ({
      id: crypto.randomUUID(),
      email,
      status: agreed ? 'subscribed' : 'pending',
      confirm_token_hash: null,
      confirm_expires_at: null,
      confirm_sent_at: null,
      confirmed_at: agreed ? at : null,
      unsubscribed_at: null,
      created_at: at,
      updated_at: at,
    })),
  )
  let confirmationsSent = 0
  if (!agreed) for (const row of inserted) if (await sendConfirmation(s, mailer, row, now)) confirmationsSent++
  return { imported: inserted.length, alreadyKnown: emails.size - inserted.length, confirmationsSent, invalid }
}
