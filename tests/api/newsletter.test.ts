import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NewsletterSendListSchema, NewsletterSendStateSchema, type NewsletterSend } from '#shared/schemas/newsletter.ts'
import { PostSchema } from '#shared/schemas/post.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { linkIn, smtpRefusal, startSmtpInbox, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { insertSubscribers } from './newsletter.fixtures.ts'
import { adminCookie, MINUTE } from './posts.fixtures.ts'

const HOUR = 60 * MINUTE
/** The worker's own timer stays out of the way: each test runs a round with sendNewsletters(). */
const IDLE = 24 * HOUR
const IMAGE = `/uploads/${'a'.repeat(64)}.png`

type App = { t: TestApp; admin: string }

const post = (app: App, body: Record<string, unknown>) =>
  app.t.request({ method: 'POST', url: '/api/posts', payload: body, cookie: app.admin })
const put = (app: App, id: string, body: Record<string, unknown>) =>
  app.t.request({ method: 'PUT', url: `/api/posts/${id}`, payload: body, cookie: app.admin })

async function publish(app: App, title: string, extra: Record<string, unknown> = {}) {
  const res = await post(app, {
    title,
    content: `Hello [about](/about) ![pic](${IMAGE})`,
    status: 'published',
    ...extra,
  })
  expect(res.statusCode, res.body).toBe(201)
  return PostSchema.parse(res.json())
}

async function sends(app: App): Promise<NewsletterSend[]> {
  const res = await app.t.request({ method: 'GET', url: '/api/admin/newsletter/sends', cookie: app.admin })
  expect(res.statusCode).toBe(200)
  return NewsletterSendListSchema.parse(res.json())
}
const sendOf = async (app: App, postId: string) => (await sends(app)).find((s) => s.postId === postId)

const titled = (inbox: SmtpInbox, address: string, title: string) =>
  inbox.to(address).filter((m) => m.parsed.subject === title)

describe('newsletter: sending on publish', () => {
  const clock = manualClock('2026-05-01T10:00:00.000Z')
  let inbox: SmtpInbox
  let app: App
  /** Per test: which addresses the SMTP server refuses, and how. */
  const refusals = new Map<string, number>()

  beforeAll(async () => {
    inbox = await startSmtpInbox(0, {
      refuseRecipient: (address) => {
        const code = refusals.get(address)
        return code ? smtpRefusal(code) : null
      },
    })
    const t = await createTestApp({
      clock,
      newsletterEveryMs: IDLE,
      env: { SMTP_URL: inbox.url, MAIL_FROM: '"Lab of Life" <blog@example.com>', MAIL_RATE: '0' },
    })
    app = { t, admin: await adminCookie(t) }
  })
  afterAll(async () => {
    await app.t.close()
    await inbox.close()
  })

  it('emails the post once to each confirmed subscriber, and to nobody else', async () => {
    const [a, b] = ['one@example.com', 'two@example.com']
    await insertSubscribers(app.t, [a, b])
    await insertSubscribers(app.t, ['pending@example.com'], 'pending')
    await insertSubscribers(app.t, ['left@example.com'], 'unsubscribed')
    await insertSubscribers(app.t, ['bounced@example.com'], 'bounced')
    const p = await publish(app, 'First letter')
    expect(await sendOf(app, p.id)).toMatchObject({ delivered: 0, failed: 0, pending: 2 })

    expect(await app.t.app.sendNewsletters()).toBe(2)
    for (const address of [a, b]) expect(titled(inbox, address, 'First letter')).toHaveLength(1)
    for (const address of ['pending@example.com', 'left@example.com', 'bounced@example.com'])
      expect(inbox.to(address)).toHaveLength(0)
    expect(await sendOf(app, p.id)).toMatchObject({ delivered: 2, failed: 0, pending: 0 })
    expect((await sendOf(app, p.id))?.completedAt).toBe(clock().toISOString())

    const [mail] = titled(inbox, a, 'First letter')
    const parsed = mail!.parsed
    expect(parsed.from?.text).toContain('blog@example.com')
    const html = String(parsed.html)
    expect(html).toContain('First letter')
    expect(html).toContain(`href="${ORIGIN}/about"`)
    expect(html).toContain(`src="${ORIGIN}${IMAGE}"`)
    expect(html).toContain(`href="${ORIGIN}/blog/${p.slug}?utm_source=newsletter">Read it on the site</a>`)
    expect(html).toMatch(new RegExp(`href="${ORIGIN}/unsubscribe\\?token=[^"]+">Unsubscribe</a>`))
    // No tracking: every link in the email points at the blog, untouched but for the one tagged "read" link.
    expect(html).not.toMatch(/<img[^>]+(width|height)="1"/)
    expect(parsed.text).toContain('Hello [about](/about)')
    expect(parsed.text).toContain(`Read it on the site: ${ORIGIN}/blog/${p.slug}?utm_source=newsletter`)
    const header = (name: string) => parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r\n/g, '')
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    const unsubscribe = linkIn(mail!, `${ORIGIN}/unsubscribe`)
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribe}>`)
    expect(parsed.messageId).toMatch(new RegExp(`^<${p.id}\\.[0-9a-f-]{36}@localhost>$`))

    // The link in the email unsubscribes in one click (RFC 8058).
    const oneClick = await app.t.request({
      method: 'POST',
      url: unsubscribe.slice(ORIGIN.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    await publish(app, 'Second letter')
    await app.t.app.sendNewsletters()
    expect(titled(inbox, a, 'Second letter')).toHaveLength(0)
    expect(titled(inbox, b, 'Second letter')).toHaveLength(1)
  })

  it('sends nothing when the post is updated, unpublished and published again', async () => {
    const [c] = ['three@example.com']
    await insertSubscribers(app.t, [c!])
    const p = await publish(app, 'Only once')
    await app.t.app.sendNewsletters()
    expect(titled(inbox, c!, 'Only once')).toHaveLength(1)
    expect((await put(app, p.id, { content: 'Edited' })).statusCode).toBe(200)
    expect((await put(app, p.id, { status: 'draft' })).statusCode).toBe(200)
    expect((await put(app, p.id, { status: 'published', sendNewsletter: true })).statusCode).toBe(200)
    expect(await app.t.app.sendNewsletters()).toBe(0)
    expect(titled(inbox, c!, 'Only once')).toHaveLength(1)
  })

  it("sendNewsletter: false skips the email; the list's Publish of a draft sends it", async () => {
    const d = 'four@example.com'
    await insertSubscribers(app.t, [d])
    const quiet = await publish(app, 'Quiet post', { sendNewsletter: false })
    const draft = PostSchema.parse((await post(app, { title: 'From the list', content: 'x' })).json())
    expect((await put(app, draft.id, { status: 'published' })).statusCode).toBe(200)
    await app.t.app.sendNewsletters()
    expect(titled(inbox, d, 'Quiet post')).toHaveLength(0)
    expect(titled(inbox, d, 'From the list')).toHaveLength(1)
    const state = async (id: string) =>
      NewsletterSendStateSchema.parse(
        (await app.t.request({ method: 'GET', url: `/api/admin/newsletter/sends/${id}`, cookie: app.admin })).json(),
      )
    expect(await state(quiet.id)).toEqual({ state: 'skipped', send: null })
    expect(await state(draft.id)).toMatchObject({ state: 'sent', send: { delivered: expect.any(Number) } })
    const fresh = PostSchema.parse((await post(app, { title: 'Still a draft', content: 'x' })).json())
    expect(await state(fresh.id)).toEqual({ state: 'none', send: null })
  })

  it('a scheduled post reaching its time is sent, unless it was saved not to be', async () => {
    const e = 'five@example.com'
    await insertSubscribers(app.t, [e])
    const at = new Date(clock().getTime() + HOUR).toISOString()
    await post(app, { title: 'Later', content: 'x', status: 'scheduled', publishedAt: at })
    await post(app, {
      title: 'Later, quietly',
      content: 'x',
      status: 'scheduled',
      publishedAt: at,
      sendNewsletter: false,
    })
    await app.t.app.sendNewsletters()
    expect(titled(inbox, e, 'Later')).toHaveLength(0)
    clock.tick(HOUR)
    expect(await app.t.app.publishDuePosts()).toHaveLength(2)
    await app.t.app.sendNewsletters()
    expect(titled(inbox, e, 'Later')).toHaveLength(1)
    expect(titled(inbox, e, 'Later, quietly')).toHaveLength(0)
  })

  it('a permanent refusal (5xx to RCPT TO) bounces that subscriber; the others get it; retry resends', async () => {
    const [good, bad] = ['fine@example.com', 'gone@example.com']
    const [, badId] = await insertSubscribers(app.t, [good, bad])
    refusals.set(bad, 550)
    const p = await publish(app, 'One bad address')
    await app.t.app.sendNewsletters()
    expect(titled(inbox, good, 'One bad address')).toHaveLength(1)
    expect(titled(inbox, bad, 'One bad address')).toHaveLength(0)
    expect(await sendOf(app, p.id)).toMatchObject({ failed: 1, pending: 0 })
    const status = await app.t.app.ctx.db
      .selectFrom('subscribers')
      .select('status')
      .where('id', '=', badId!)
      .executeTakeFirstOrThrow()
    expect(status.status).toBe('bounced')

    // "Retry failed": pending again; the address is bounced, so nothing goes to it.
    refusals.delete(bad)
    const retry = await app.t.request({
      method: 'POST',
      url: `/api/admin/newsletter/sends/${p.id}/retry`,
      cookie: app.admin,
    })
    expect(retry.json()).toEqual({ retried: 1 })
    expect(await sendOf(app, p.id)).toMatchObject({ failed: 0, pending: 1 })
    await app.t.app.sendNewsletters()
    expect(titled(inbox, bad, 'One bad address')).toHaveLength(0)
    expect(await sendOf(app, p.id)).toMatchObject({ failed: 0, pending: 0 })
  })

  it('a temporary refusal (4xx) is retried after the backoff', async () => {
    const later = 'later@example.com'
    await insertSubscribers(app.t, [later])
    refusals.set(later, 451)
    const p = await publish(app, 'Try again')
    await app.t.app.sendNewsletters()
    expect(titled(inbox, later, 'Try again')).toHaveLength(0)
    expect(await sendOf(app, p.id)).toMatchObject({ failed: 0, pending: 1 })
    refusals.delete(later)
    clock.tick(MINUTE - 1000)
    await app.t.app.sendNewsletters()
    expect(titled(inbox, later, 'Try again')).toHaveLength(0)
    clock.tick(1000)
    await app.t.app.sendNewsletters()
    expect(titled(inbox, later, 'Try again')).toHaveLength(1)
    expect(await sendOf(app, p.id)).toMatchObject({ failed: 0, pending: 0 })
  })

  it('a subscriber who unsubscribes between publish and send gets nothing', async () => {
    const [stay, leave] = ['stay@example.com', 'leave@example.com']
    const [, leaveId] = await insertSubscribers(app.t, [stay, leave])
    const p = await publish(app, 'Left in time')
    expect(await sendOf(app, p.id)).toMatchObject({ pending: expect.any(Number) })
    await app.t.app.ctx.db
      .updateTable('subscribers')
      .set({ status: 'unsubscribed' })
      .where('id', '=', leaveId!)
      .execute()
    await app.t.app.sendNewsletters()
    expect(titled(inbox, stay, 'Left in time')).toHaveLength(1)
    expect(titled(inbox, leave, 'Left in time')).toHaveLength(0)
  })

  it('admin only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/newsletter/sends'],
      ['GET', `/api/admin/newsletter/sends/${crypto.randomUUID()}`],
      ['POST', `/api/admin/newsletter/sends/${crypto.randomUUID()}/retry`],
    ] as const)
      expect((await app.t.request({ method, url })).statusCode).toBe(401)
    const missing = await app.t.request({
      method: 'POST',
      url: `/api/admin/newsletter/sends/${crypto.randomUUID()}/retry`,
      cookie: app.admin,
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('newsletter: SMTP down when the post is published', () => {
  it('publishes the post; the email waits, pending, and goes out when SMTP is back', async () => {
    const clock = manualClock('2026-05-02T10:00:00.000Z')
    // A port nobody listens on yet: the SMTP server comes up later on it.
    const probe = await startSmtpInbox()
    const port = Number(new URL(probe.url).port)
    await probe.close()
    const t = await createTestApp({ clock, newsletterEveryMs: IDLE, env: { SMTP_URL: probe.url, MAIL_RATE: '0' } })
    const app = { t, admin: await adminCookie(t) }
    let inbox: SmtpInbox | undefined
    try {
      await insertSubscribers(t, ['waiting@example.com'])
      const p = await publish(app, 'While down')
      expect(p.status).toBe('published')
      await t.app.sendNewsletters()
      expect(await sendOf(app, p.id)).toMatchObject({ delivered: 0, pending: 1 })

      inbox = await startSmtpInbox(port)
      clock.tick(MINUTE)
      await t.app.sendNewsletters()
      expect(titled(inbox, 'waiting@example.com', 'While down')).toHaveLength(1)
      expect(await sendOf(app, p.id)).toMatchObject({ delivered: 1, pending: 0 })
    } finally {
      await t.close()
      await inbox?.close()
    }
  })
})

describe('newsletter without SMTP_URL', () => {
  it('publishing queues nothing (turning email on later must not mail old posts)', async () => {
    const t = await createTestApp()
    try {
      const app = { t, admin: await adminCookie(t) }
      await insertSubscribers(t, ['someone@example.com'])
      await publish(app, 'No email here')
      expect(await sends(app)).toEqual([])
      const rows = await t.app.ctx.db.selectFrom('newsletter_deliveries').selectAll().execute()
      expect(rows).toEqual([])
    } finally {
      await t.close()
    }
  })
})
