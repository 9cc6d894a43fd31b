import { describe, expect, it } from 'vitest'
import { createFirstAdmin } from '#server/features/auth/first-admin.ts'
import { setupToken } from '#server/features/auth/setup-token.ts'
import { ORIGIN, TEST_ADMIN, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { appWithEnv, appsClosedAfterEach, setCookieHeader } from './helpers.ts'

const { testApp, track } = appsClosedAfterEach()

const sidOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'sid')?.value
const loginAs = (
  t: TestApp,
  username: string,
  password: string,
  extra: { cookie?: string; remoteAddress?: string } = {},
) => t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, ...extra })

describe('login', () => {
  it('answers the user (no hash) and sets an httpOnly, SameSite=Lax session cookie, not Secure under http', async () => {
    const t = await testApp()
    const res = await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password)
    expect(res.statusCode).toBe(200)
    const { user } = res.json()
    expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'id', 'role', 'username'])
    expect(user).toMatchObject({ username: 'admin', email: TEST_ADMIN.email, role: 'admin' })
    const header = setCookieHeader(res, 'sid')!
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).toMatch(/Path=\//)
    expect(header).toMatch(/Max-Age=2592000/)
    expect(header).not.toMatch(/Secure/)
  })

  it('sets Secure cookies when PUBLIC_URL is https', async () => {
    const t = track(await appWithEnv({ PUBLIC_URL: 'https://blog.example' }))
    const { hashPassword } = await import('#server/features/auth/password.ts')
    await t.app.ctx.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        username: 'a',
        email: 'a@x.io',
        password_hash: await hashPassword('password1'),
        role: 'admin',
        created_at: new Date().toISOString(),
      })
      .execute()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://blog.example' },
      payload: { username: 'a', password: 'password1' },
    })
    expect(res.statusCode).toBe(200)
    expect(setCookieHeader(res, 'sid')).toMatch(/; Secure/)
  })

  it('accepts the email, in any case, as the username', async () => {
    const t = await testApp()
    const res = await loginAs(t, TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password)
    expect(res.statusCode).toBe(200)
  })

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const t = await testApp()
    const wrong = await loginAs(t, TEST_ADMIN.username, 'nope-nope')
    const unknown = await loginAs(t, 'nobody', 'nope-nope')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ error: 'Invalid username or password' })
    expect(unknown.json()).toEqual({ error: 'Invalid username or password' })
    expect(sidOf(wrong)).toBeUndefined()
  })

  it('takes similar time whether or not the user exists', async () => {
    const t = await testApp()
    const time = async (username: string, ip: string) => {
      const start = performance.now()
      await loginAs(t, username, 'wrong-password', { remoteAddress: ip })
      return performance.now() - start
    }
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 5; i++) {
      known.push(await time(TEST_ADMIN.username, `10.0.0.${i}`))
      unknown.push(await time(`ghost-${i}`, `10.0.1.${i}`))
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!
    const ratio = median(unknown) / median(known)
    // A ratio of medians, never a duration. Without the dummy hash an unknown user answers ~100× faster (no scrypt);
    // on a machine shared by many processes one login can take 3× another, so the bounds are a factor of 10 each way:
    // far outside what load does to equal work, far inside what skipping the hash does.
    expect(ratio).toBeGreaterThan(0.1)
    expect(ratio).toBeLessThan(10)
  })

  it('answers 400 when a field is missing or empty', async () => {
    const t = await testApp()
    for (const payload of [{ username: 'admin' }, { password: 'x' }, { username: '', password: 'x' }, {}]) {
      const res = await t.request({ method: 'POST', url: '/api/auth/login', payload })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toEqual(expect.any(String))
    }
  })

  it('gives a new session id at every login and ends the one the request came with', async () => {
    const t = await testApp()
    const first = await t.login()
    const second = await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password, { cookie: first })
    expect(second.statusCode).toBe(200)
    expect(`sid=${sidOf(second)}`).not.toBe(first)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: first })).statusCode).toBe(401)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: `sid=${sidOf(second)}` })).statusCode).toBe(
      200,
    )
  })
})

describe('session', () => {
  it('GET /api/auth/me: the user with a session, 401 JSON without or with a bogus one', async () => {
    const t = await testApp()
    const cookie = await t.login()
    const me = await t.request({ method: 'GET', url: '/api/auth/me', cookie })
    expect(me.statusCode).toBe(200)
    expect(me.json().user).toMatchObject({ username: 'admin' })
    expect(me.json().user.password_hash).toBeUndefined()
    for (const c of [undefined, 'sid=forged-token']) {
      const res = await t.request({ method: 'GET', url: '/api/auth/me', cookie: c })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: expect.any(String) })
    }
  })

  it('logout ends the session server-side and clears the cookie; it is fine without a session', async () => {
    const t = await testApp()
    const cookie = await t.login()
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ ok: true })
    expect(setCookieHeader(out, 'sid')).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401)
    expect((await t.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200)
  })

  it('expires after 30 days idle', async () => {
    const time = manualClock()
    const t = await testApp({ clock: time })
    const cookie = await t.login()
    time.tick(30 * 24 * 3600 * 1000 + 60_000)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401)
  })

  it('ends 30 days after login however often it is used (absolute lifetime)', async () => {
    const time = manualClock()
    const t = await testApp({ clock: time })
    const cookie = await t.login()
    for (let day = 0; day < 29; day++) {
      time.tick(24 * 3600 * 1000)
      expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200)
    }
    time.tick(2 * 24 * 3600 * 1000) // 31 days after login, 2 days after its last use
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401)
    expect((await t.login()).startsWith('sid=')).toBe(true)
  })
})

describe('change password', () => {
  const change = (t: TestApp, cookie: string | undefined, currentPassword: string, newPassword: string) =>
    t.request({ method: 'POST', url: '/api/auth/change-password', cookie, payload: { currentPassword, newPassword } })

  it('refuses a wrong current password (400) and a short new one (400)', async () => {
    const t = await testApp()
    const cookie = await t.login()
    const wrong = await change(t, cookie, 'not-the-password', 'a-new-password')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ error: 'Current password is incorrect' })
    const short = await change(t, cookie, TEST_ADMIN.password, 'short')
    expect(short.statusCode).toBe(400)
    expect(short.json().error).toMatch(/at least 8/)
    expect((await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(200)
  })

  it('changes it, keeps the current session and ends every other one', async () => {
    const t = await testApp()
    const current = await t.login()
    const other = await t.login()
    const res = await change(t, current, TEST_ADMIN.password, 'a-brand-new-password')
    expect(res.statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: current })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: other })).statusCode).toBe(401)
    expect((await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(401)
    expect((await loginAs(t, TEST_ADMIN.username, 'a-brand-new-password')).statusCode).toBe(200)
  })

  it('answers 401 without a session', async () => {
    const t = await testApp()
    expect((await change(t, undefined, TEST_ADMIN.password, 'a-brand-new-password')).statusCode).toBe(401)
  })
})

describe('login throttling', () => {
  it('after 5 failures for one username: 429 with Retry-After, even with the right password, until the window passes', async () => {
    const time = manualClock()
    const t = await testApp({ clock: time })
    for (let i = 0; i < 5; i++) {
      // From different addresses, so only the username bucket fills.
      expect((await loginAs(t, 'Admin', 'wrong-password', { remoteAddress: `10.1.0.${i}` })).statusCode).toBe(401)
    }
    const blocked = await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password, { remoteAddress: '10.1.0.99' })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ error: expect.any(String) })
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60)
    time.tick(10 * 60 * 1000)
    const still = await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password, { remoteAddress: '10.1.0.99' })
    expect(still.statusCode).toBe(429)
    expect(Number(still.headers['retry-after'])).toBe(5 * 60)
    time.tick(5 * 60 * 1000 + 1000)
    expect(
      (await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password, { remoteAddress: '10.1.0.99' })).statusCode,
    ).toBe(200)
  })

  it('after 5 failures from one IP: 429 for any username from that IP only', async () => {
    const t = await testApp()
    for (let i = 0; i < 5; i++) {
      expect((await loginAs(t, `someone-${i}`, 'wrong-password', { remoteAddress: '10.2.0.1' })).statusCode).toBe(401)
    }
    const blocked = await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password, { remoteAddress: '10.2.0.1' })
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password, { remoteAddress: '10.2.0.2' })).statusCode).toBe(
      200,
    )
  })
})

describe('cross-site requests', () => {
  it('refuses a state-changing request with a session from another origin (403)', async () => {
    const t = await testApp()
    const cookie = await t.login()
    const payload = { currentPassword: TEST_ADMIN.password, newPassword: 'a-brand-new-password' }
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, origin: 'http://evil.example' },
      payload,
    })
    expect(evil.statusCode).toBe(403)
    expect(evil.json()).toEqual({ error: 'Cross-site request refused' })
    const fetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload,
    })
    expect(fetchSite.statusCode).toBe(403)
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'same-site' },
    })
    expect(sameSite.statusCode).toBe(403)
    // Nothing happened: the old password still works and the session is alive.
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200)
    expect((await loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(200)
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    })
    expect(own.statusCode).toBe(200)
  })
})

describe('one-time setup', () => {
  // The token main.ts prints in the start-up log (bootstrap asks the same function).
  const tokenOf = (t: TestApp) => setupToken(t.app.ctx.db, new Date())
  const setup = async (
    t: TestApp,
    username = 'owner',
    email = 'owner@example.com',
    password = 'owner-password',
    token?: string,
  ) =>
    t.request({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { username, email, password, setupToken: token ?? (await tokenOf(t)) },
    })

  it('needs the token from the server log: none, a wrong one or a cross-site request create nobody', async () => {
    const t = await testApp({ withAdmin: false })
    const token = await tokenOf(t)
    const payload = { username: 'stranger', email: 'stranger@example.com', password: 'stranger-password' }
    const missing = await t.request({ method: 'POST', url: '/api/auth/setup', payload })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toBe('Open the setup link printed in the server’s log')
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { ...payload, setupToken: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().error).toMatch(/setup link is not valid/)
    const crossSite = await t.request({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { ...payload, setupToken: token },
      headers: { origin: 'https://evil.example' },
    })
    expect(crossSite.statusCode).toBe(403)
    const fetched = await t.request({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { ...payload, setupToken: token },
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(fetched.statusCode).toBe(403)
    expect(await t.app.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(0)
    expect((await t.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needsSetup: true })

    expect((await setup(t, 'owner', 'owner@example.com', 'owner-password', token)).statusCode).toBe(201)
    // Used up: the row is gone, so even a later wipe of the admin could not reuse the old link.
    expect(
      await t.app.ctx.db.selectFrom('server_secrets').where('name', '=', 'setup-token').selectAll().execute(),
    ).toEqual([])
  })

  it('is needed while no user exists, creates the admin, logs them in, then refuses', async () => {
    const t = await testApp({ withAdmin: false })
    expect((await t.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needsSetup: true })
    const res = await setup(t)
    expect(res.statusCode).toBe(201)
    expect(res.json().user).toMatchObject({ username: 'owner', email: 'owner@example.com', role: 'admin' })
    const cookie = `sid=${sidOf(res)}`
    expect(setCookieHeader(res, 'sid')).toMatch(/HttpOnly/)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie })).json().user.username).toBe('owner')
    expect((await t.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needsSetup: false })
    const again = await setup(t, 'intruder', 'intruder@example.com')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: 'Setup has already been completed' })
    expect((await loginAs(t, 'owner', 'owner-password')).statusCode).toBe(200)
  })

  it('is refused when an admin exists', async () => {
    const t = await testApp()
    expect((await t.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needsSetup: false })
    expect((await setup(t)).statusCode).toBe(409)
  })

  it('validates its input', async () => {
    const t = await testApp({ withAdmin: false })
    expect((await setup(t, '', 'owner@example.com')).statusCode).toBe(400)
    expect((await setup(t, 'owner', 'not-an-email')).statusCode).toBe(400)
    expect((await setup(t, 'owner', 'owner@example.com', 'short')).statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needsSetup: true })
  })

  it('is race-safe: parallel setups create exactly one user', async () => {
    const t = await testApp({ withAdmin: false })
    const token = await tokenOf(t)
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) => setup(t, `owner${i}`, `owner${i}@example.com`, 'owner-password', token)),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409])
    const users = await t.app.ctx.db.selectFrom('users').select('username').execute()
    expect(users).toHaveLength(1)
  })

  it('is race-safe where it matters: concurrent first-admin transactions create exactly one admin', async () => {
    const t = await testApp({ withAdmin: false })
    const now = new Date()
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        createFirstAdmin(
          t.app.ctx.db,
          { username: `racer${i}`, email: `racer${i}@example.com`, passwordHash: 'x' },
          now,
        ),
      ),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await t.app.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(1)
  })
})
