import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORGOT_ANSWER, RESET_LINK_INVALID } from '#shared/schemas/password-reset.ts'
import { hashPassword } from '#server/features/auth/password.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { linkIn, startSmtpInbox, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { createTestApp, ORIGIN, TEST_ADMIN, type TestApp } from '#test/support/test-app.ts'
import { MINUTE } from './posts.fixtures.ts'

const RESET_PREFIX = `${ORIGIN}/admin/reset-password?token=`

describe('forgot password without SMTP_URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('is not offered, and asking for a link answers 503', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/forgot-password' })).json()).toEqual({ enabled: false })
    const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { login: 'admin' } })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ error: 'Password reset by email is not set up' })
  })
})

describe('forgot password', () => {
  let t: TestApp
  let inbox: SmtpInbox
  const clock = manualClock()
  let ipCounter = 0
  // Each request speaks from its own network so the throttle only bites where a test wants it.
  const freshIp = () => `10.2.${++ipCounter}.1`

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createTestApp({ clock, env: { SMTP_URL: inbox.url, MAIL_FROM: 'blog@example.com' } })
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })

  const forgot = (login: unknown, ip = freshIp()) =>
    t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { login }, remoteAddress: ip })
  const reset = (token: unknown, password: unknown = 'a-brand-new-password') =>
    t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } })
  const loginWith = (password: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: TEST_ADMIN.username, password },
      remoteAddress: freshIp(),
    })
  const tokenOf = (link: string) => {
    expect(link.startsWith(RESET_PREFIX)).toBe(true)
    return decodeURIComponent(link.slice(RESET_PREFIX.length))
  }
  /** A second admin's email arriving shows that every earlier request has had its chance to send. */
  const settle = async () => {
    const email = `marker-${crypto.randomUUID()}@example.com`
    await t.app.ctx.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        username: email.split('@')[0]!,
        email,
        password_hash: await hashPassword('marker-password'),
        role: 'admin',
        created_at: clock().toISOString(),
      })
      .execute()
    expect((await forgot(email)).statusCode).toBe(202)
    await inbox.waitFor(email)
  }

  it('is offered', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/forgot-password' })).json()).toEqual({ enabled: true })
  })

  it('mails a link that sets the password once, ends every session and then refuses', async () => {
    const before = inbox.to(TEST_ADMIN.email).length
    const session = await t.login()
    const res = await forgot(TEST_ADMIN.username)
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ message: FORGOT_ANSWER })
    const mails = await inbox.waitFor(TEST_ADMIN.email, before + 1)
    const mail = mails[before]!
    expect(mail.parsed.subject).toContain('Reset your password')
    const token = tokenOf(linkIn(mail, RESET_PREFIX))
    // Only the hash is stored.
    const row = await t.app.ctx.db.selectFrom('password_resets').selectAll().executeTakeFirstOrThrow()
    expect(row.token_hash).not.toBe(token)

    expect((await reset(token, 'short')).statusCode).toBe(400)
    const done = await reset(token)
    expect(done.statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: session })).statusCode).toBe(401)
    expect((await loginWith('a-brand-new-password')).statusCode).toBe(200)
    expect((await loginWith(TEST_ADMIN.password)).statusCode).toBe(401)

    const again = await reset(token, 'yet-another-password')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: RESET_LINK_INVALID })
    expect((await loginWith('a-brand-new-password')).statusCode).toBe(200)
    clock.tick(11 * MINUTE)
  })

  it('sends at most one email per account every 10 minutes, by username or email', async () => {
    const before = inbox.to(TEST_ADMIN.email).length
    expect((await forgot(TEST_ADMIN.email)).statusCode).toBe(202)
    await inbox.waitFor(TEST_ADMIN.email, before + 1)
    expect((await forgot(TEST_ADMIN.username)).statusCode).toBe(202)
    clock.tick(9 * MINUTE)
    expect((await forgot(TEST_ADMIN.username.toUpperCase())).statusCode).toBe(202)
    await settle()
    expect(inbox.to(TEST_ADMIN.email)).toHaveLength(before + 1)
    clock.tick(2 * MINUTE)
    expect((await forgot(TEST_ADMIN.username)).statusCode).toBe(202)
    await inbox.waitFor(TEST_ADMIN.email, before + 2)
    clock.tick(11 * MINUTE)
  })

  it('a newer link replaces the older one', async () => {
    const before = inbox.to(TEST_ADMIN.email).length
    await forgot(TEST_ADMIN.username)
    const first = tokenOf(linkIn((await inbox.waitFor(TEST_ADMIN.email, before + 1))[before]!, RESET_PREFIX))
    clock.tick(11 * MINUTE)
    await forgot(TEST_ADMIN.username)
    const second = tokenOf(linkIn((await inbox.waitFor(TEST_ADMIN.email, before + 2))[before + 1]!, RESET_PREFIX))
    expect((await reset(first)).json()).toEqual({ error: RESET_LINK_INVALID })
    expect((await reset(second)).statusCode).toBe(200)
    clock.tick(11 * MINUTE)
  })

  it('refuses an expired link', async () => {
    const before = inbox.to(TEST_ADMIN.email).length
    await forgot(TEST_ADMIN.username)
    const token = tokenOf(linkIn((await inbox.waitFor(TEST_ADMIN.email, before + 1))[before]!, RESET_PREFIX))
    clock.tick(61 * MINUTE)
    const res = await reset(token)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: RESET_LINK_INVALID })
    expect((await loginWith('a-brand-new-password')).statusCode).toBe(200)
  })

  it('refuses forged and malformed links clearly', async () => {
    for (const token of ['forged', 'x'.repeat(43), '', 'a'.repeat(5000), 'nul\u0000byte']) {
      const res = await reset(token)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: RESET_LINK_INVALID })
    }
    for (const token of [null, 42, ['a']]) expect((await reset(token)).statusCode).toBe(400)
  })

  it('gives the same answer and sends nothing for an unknown login', async () => {
    const before = inbox.to(TEST_ADMIN.email).length
    const known = await forgot(TEST_ADMIN.username)
    // The pooled transport may deliver out of order: wait for the known account's email itself.
    await inbox.waitFor(TEST_ADMIN.email, before + 1)
    const count = inbox.messages.length
    clock.tick(11 * MINUTE)
    for (const login of ['nobody', 'nobody@example.com']) {
      const res = await forgot(login)
      expect(res.statusCode).toBe(known.statusCode)
      expect(res.body).toBe(known.body)
      expect(res.headers['content-type']).toBe(known.headers['content-type'])
    }
    await settle()
    // Only the marker's: nothing for the unknown logins.
    expect(inbox.messages.length).toBe(count + 1)
    expect(inbox.messages.some((m) => m.envelopeTo.includes('nobody@example.com'))).toBe(false)
    clock.tick(11 * MINUTE)
  })

  it('throttles per network and per account like logins', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i++) expect((await forgot(`someone-${i}`, ip)).statusCode).toBe(202)
    const net = await forgot('someone-else', ip)
    expect(net.statusCode).toBe(429)
    expect(Number(net.headers['retry-after'])).toBeGreaterThan(0)

    for (let i = 0; i < 5; i++) expect((await forgot('target-account')).statusCode).toBe(202)
    expect((await forgot('target-account')).statusCode).toBe(429)
    expect((await forgot('TARGET-account')).statusCode).toBe(429)
    clock.tick(16 * MINUTE)
    expect((await forgot('target-account', ip)).statusCode).toBe(202)
  })
})
