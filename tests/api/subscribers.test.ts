import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SubscriberPageSchema } from '#shared/schemas/subscriber.ts'
import { siteKeys } from '#shared/site/query-keys.ts'
import { loadPage } from '#server/ssr/load-page.ts'
import { loadSecret } from '#server/features/secrets/secrets.repo.ts'
import { unsubscribeTokens } from '#server/features/subscribers/subscribers.tokens.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { linkIn, startSmtpInbox, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { adminCookie, MINUTE } from './posts.fixtures.ts'

const DAY = 24 * 60 * MINUTE
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe('email subscriptions without SMTP_URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers 503 and says the form is off', async () => {
    const res = await t.request({ method: 'POST', url: '/api/subscribers', payload: { email: 'a@example.com' } })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ error: 'Email subscriptions are not set up' })
    expect((await t.request({ method: 'GET', url: '/api/subscriptions' })).json()).toEqual({ enabled: false })
    const form = await t.request({ method: 'POST', url: '/subscribe', headers: FORM, payload: 'email=a%40example.com' })
    expect(form.statusCode).toBe(503)
    expect(form.body).toContain('Email subscriptions are not set up')
    const page = await loadPage(t.app.ctx, '/', '', { isAdmin: false })
    expect(page.queryClient.getQueryData(siteKeys.subscriptions())).toEqual({ enabled: false })
  })
})

describe('email subscriptions', () => {
  let t: TestApp
  let inbox: SmtpInbox
  let admin: string
  const clock = manualClock()
  let ipCounter = 0
  // Each test speaks from its own network so the throttle only bites where a test wants it.
  const freshIp = () => `10.1.${++ipCounter}.1`

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createTestApp({ clock, env: { SMTP_URL: inbox.url, MAIL_FROM: '"Lab of Life" <blog@example.com>' } })
    admin = await adminCookie(t)
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })

  const subscribe = (email: unknown, ip = freshIp()) =>
    t.request({ method: 'POST', url: '/api/subscribers', payload: { email }, remoteAddress: ip })
  const statusOf = async (email: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/subscribers?email=${encodeURIComponent(email)}`,
      cookie: admin,
    })
    return SubscriberPageSchema.parse(res.json()).subscribers.find((s) => s.email === email)
  }
  /** A later address's email arriving shows that every earlier request has had its chance to send. */
  const settle = async () => {
    const marker = `marker-${crypto.randomUUID()}@example.com`
    expect((await subscribe(marker)).statusCode).toBe(202)
    await inbox.waitFor(marker)
  }
  const confirmPath = (link: string) => {
    expect(link.startsWith(`${ORIGIN}/subscribe/confirm?token=`)).toBe(true)
    return link.slice(ORIGIN.length)
  }

  it('server-rendered pages show the form', async () => {
    const page = await loadPage(t.app.ctx, '/', '', { isAdmin: false })
    expect(page.queryClient.getQueryData(siteKeys.subscriptions())).toEqual({ enabled: true })
  })

  it('sends one confirmation email; its link confirms, and opening it twice is harmless', async () => {
    const res = await subscribe('Reader@Example.com')
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ message: 'Check your inbox to confirm' })
    expect(res.body).not.toContain('reader@example.com')
    const [mail] = await inbox.waitFor('reader@example.com')
    expect(mail!.parsed.from?.text).toContain('blog@example.com')
    expect(mail!.parsed.html).toContain('/subscribe/confirm?token=')
    const header = (name: string) => mail!.parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r\n/g, '')
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(header('list-unsubscribe')).toMatch(new RegExp(`^List-Unsubscribe: <${ORIGIN}/unsubscribe\\?token=`))
    expect(await statusOf('reader@example.com')).toMatchObject({ status: 'pending', confirmedAt: null })

    const path = confirmPath(linkIn(mail!, `${ORIGIN}/subscribe/confirm`))
    for (let i = 0; i < 2; i++) {
      const page = await t.request({ method: 'GET', url: path })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('You&#39;re subscribed')
    }
    expect(await statusOf('reader@example.com')).toMatchObject({ status: 'subscribed' })
    const count = await t.request({ method: 'GET', url: '/api/admin/subscribers/count', cookie: admin })
    expect(count.json()).toEqual({ enabled: true, subscribed: 1 })
  })

  it('answers the same for a known address and sends at most one confirmation per 10 minutes', async () => {
    const email = 'twice@example.com'
    await subscribe(email)
    await inbox.waitFor(email)
    const again = await subscribe(email)
    expect(again.statusCode).toBe(202)
    expect(again.json()).toEqual({ message: 'Check your inbox to confirm' })
    await settle()
    expect(inbox.to(email)).toHaveLength(1)

    clock.tick(10 * MINUTE)
    await subscribe(email)
    const [first, second] = await inbox.waitFor(email, 2)
    // The newer link works; the older one was replaced.
    expect((await t.request({ method: 'GET', url: confirmPath(linkIn(first!, ORIGIN)) })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: confirmPath(linkIn(second!, ORIGIN)) })).statusCode).toBe(200)
  })

  it('sends nothing more to an address that already subscribed', async () => {
    clock.tick(11 * MINUTE)
    expect((await subscribe('reader@example.com')).statusCode).toBe(202)
    await settle()
    expect(inbox.to('reader@example.com')).toHaveLength(1)
  })

  it('refuses bad addresses with 400 and a clear message, sending nothing', async () => {
    const cases: Array<[unknown, string]> = [
      ['not an email', 'Enter a valid email address'],
      [`${'a'.repeat(488)}@example.com`, 'Email must be at most 254 characters'],
      ['a@b.c\r\nBcc: x@y.z', 'Email must be one line'],
      ['a@b.c\nBcc: x@y.z', 'Email must be one line'],
      ['', 'Email is required'],
      [42, 'Email is required'],
    ]
    for (const [email, message] of cases) {
      const res = await subscribe(email)
      expect(res.statusCode, String(email)).toBe(400)
      expect(res.json().error).toBe(message)
    }
    const form = await t.request({
      method: 'POST',
      url: '/subscribe',
      headers: FORM,
      payload: `email=${encodeURIComponent('a@b.c\r\nBcc: x@y.z')}`,
      remoteAddress: freshIp(),
    })
    expect(form.statusCode).toBe(400)
    expect(form.body).toContain('Email must be one line')
    await settle()
    expect(inbox.messages.filter((m) => m.envelopeTo.some((to) => /x@y\.z|b\.c|not an email|aaaa/.test(to)))).toEqual(
      [],
    )
  })

  it('throttles subscribing per network, like comments', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i++) expect((await subscribe(`flood${i}@example.com`, ip)).statusCode).toBe(202)
    const refused = await subscribe('flood5@example.com', ip)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('the form without JavaScript lands on a page that says to check the inbox', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/subscribe',
      headers: FORM,
      payload: 'email=form%40example.com',
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('Check your inbox to confirm')
    expect(res.body).not.toContain('form@example.com')
    await inbox.waitFor('form@example.com')
  })

  it('refuses forged and expired confirmation links with a clear 4xx page', async () => {
    for (const url of [
      '/subscribe/confirm?token=forged',
      '/subscribe/confirm',
      `/subscribe/confirm?token=${'x'.repeat(600)}`,
      '/subscribe/confirm?token=a&token=b',
    ]) {
      const res = await t.request({ method: 'GET', url })
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, url).toBeLessThan(500)
      expect(res.headers['content-type']).toContain('text/html')
    }
    await subscribe('late@example.com')
    const [mail] = await inbox.waitFor('late@example.com')
    clock.tick(7 * DAY + MINUTE)
    const res = await t.request({ method: 'GET', url: confirmPath(linkIn(mail!, ORIGIN)) })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('This confirmation link has expired')
    expect(await statusOf('late@example.com')).toMatchObject({ status: 'pending' })
  })

  describe('unsubscribing', () => {
    let token: string
    beforeAll(async () => {
      const id = (await statusOf('reader@example.com'))!.id
      token = unsubscribeTokens(await loadSecret(t.app.ctx.db, 'unsubscribe', new Date())).sign(id)
    })

    it('the confirmation email carries the same link, visible and in List-Unsubscribe', async () => {
      const [mail] = inbox.to('reader@example.com')
      expect(linkIn(mail!, `${ORIGIN}/unsubscribe`)).toBe(`${ORIGIN}/unsubscribe?token=${token}`)
    })

    it('GET only shows the Unsubscribe button; pressing it unsubscribes', async () => {
      const page = await t.request({ method: 'GET', url: `/unsubscribe?token=${token}` })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('>Unsubscribe</button>')
      expect(page.body).not.toContain('reader@example.com')
      expect(await statusOf('reader@example.com')).toMatchObject({ status: 'subscribed' })
      const pressed = await t.request({
        method: 'POST',
        url: `/unsubscribe?token=${token}`,
        headers: FORM,
        payload: 'confirm=1',
      })
      expect(pressed.statusCode).toBe(200)
      expect(pressed.body).toContain('You&#39;re unsubscribed')
      expect(await statusOf('reader@example.com')).toMatchObject({ status: 'unsubscribed' })
    })

    it('one-click POST (RFC 8058) answers 200 at once, from any origin', async () => {
      await t.app.ctx.db
        .updateTable('subscribers')
        .set({ status: 'subscribed' })
        .where('email', '=', 'reader@example.com')
        .execute()
      const res = await t.app.inject({
        method: 'POST',
        url: `/unsubscribe?token=${token}`,
        headers: { ...FORM, origin: 'https://mail.example.net' },
        payload: 'List-Unsubscribe=One-Click',
      })
      expect(res.statusCode).toBe(200)
      expect(await statusOf('reader@example.com')).toMatchObject({ status: 'unsubscribed' })
    })

    it('forged tokens get a 404 page and change nothing', async () => {
      const [id] = token.split('.')
      for (const bad of ['forged', `${id}.AAAA`, `${crypto.randomUUID()}.${token.split('.')[1]}`, '']) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await t.request({
            method,
            url: `/unsubscribe?token=${encodeURIComponent(bad)}`,
            headers: FORM,
            payload: 'List-Unsubscribe=One-Click',
          })
          expect(res.statusCode, `${method} ${bad}`).toBe(404)
          expect(res.body).toContain('This unsubscribe link is not valid')
        }
      }
    })
  })

  describe('admin', () => {
    it('needs a session', async () => {
      for (const url of ['/api/admin/subscribers', '/api/admin/subscribers/count', '/api/admin/subscribers/export.csv'])
        expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401)
    })

    it('lists with search, status filter and paging', async () => {
      for (let i = 0; i < 55; i++) await subscribe(`page${String(i).padStart(2, '0')}@list.example`)
      const first = SubscriberPageSchema.parse(
        (await t.request({ method: 'GET', url: '/api/admin/subscribers?email=LIST.example', cookie: admin })).json(),
      )
      expect(first.total).toBe(55)
      expect(first.subscribers).toHaveLength(50)
      const second = SubscriberPageSchema.parse(
        (
          await t.request({ method: 'GET', url: '/api/admin/subscribers?email=list.example&page=2', cookie: admin })
        ).json(),
      )
      expect(second.subscribers).toHaveLength(5)
      expect(new Set([...first.subscribers, ...second.subscribers].map((s) => s.email)).size).toBe(55)
      // A LIKE wildcard in the search is only a character.
      const wild = await t.request({ method: 'GET', url: '/api/admin/subscribers?email=%25', cookie: admin })
      expect(SubscriberPageSchema.parse(wild.json()).total).toBe(0)
      const subscribed = await t.request({
        method: 'GET',
        url: '/api/admin/subscribers?status=subscribed',
        cookie: admin,
      })
      expect(SubscriberPageSchema.parse(subscribed.json()).subscribers.every((s) => s.status === 'subscribed')).toBe(
        true,
      )
      const bad = await t.request({ method: 'GET', url: '/api/admin/subscribers?status=nope&page=-1', cookie: admin })
      expect(bad.statusCode).toBe(400)
    })

    it('exports CSV and deletes', async () => {
      const csv = await t.request({ method: 'GET', url: '/api/admin/subscribers/export.csv', cookie: admin })
      expect(csv.statusCode).toBe(200)
      expect(csv.headers['content-type']).toContain('text/csv')
      const lines = csv.body.trim().split('\r\n')
      expect(lines[0]).toBe('email,status,created_at,confirmed_at,unsubscribed_at')
      expect(lines.some((l) => l.startsWith('reader@example.com,unsubscribed,'))).toBe(true)

      const id = (await statusOf('form@example.com'))!.id
      expect(
        (await t.request({ method: 'DELETE', url: `/api/admin/subscribers/${id}`, cookie: admin })).statusCode,
      ).toBe(204)
      expect(await statusOf('form@example.com')).toBeUndefined()
      expect(
        (await t.request({ method: 'DELETE', url: `/api/admin/subscribers/${id}`, cookie: admin })).statusCode,
      ).toBe(404)
    })
  })
})
