import { describe, expect, it } from 'vitest'
import { totpCode } from '#server/features/auth/totp.ts'
import { TEST_ADMIN, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { appsClosedAfterEach } from './helpers.ts'

const { testApp } = appsClosedAfterEach()

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {})
const STEP = 30_000

/** An app on a manual clock with two-factor enrolled for the admin; returns the secret and recovery codes. */
async function enrolled() {
  const time = manualClock()
  const t = await testApp({ clock: time })
  const cookie = await t.login()
  const setup = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', cookie })
  expect(setup.statusCode).toBe(200)
  const { secret } = setup.json() as { secret: string }
  const enable = await t.request({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    cookie,
    payload: { password: TEST_ADMIN.password, code: totpCode(secret, time()) },
  })
  expect(enable.statusCode).toBe(200)
  time.tick(STEP) // the enrolment's code is used; the next step's code is fresh
  return { t, time, cookie, secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes }
}

const password = (t: TestApp, remoteAddress = '198.51.100.1') =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    remoteAddress,
  })
async function ticketFor(t: TestApp): Promise<string> {
  const res = await password(t)
  expect(res.statusCode).toBe(200)
  return (res.json() as { ticket: string }).ticket
}
const verify = (t: TestApp, ticket: string, code: string, remoteAddress = '198.51.100.1') =>
  t.request({ method: 'POST', url: '/api/auth/login/verify', payload: { ticket, code }, remoteAddress })
const status = async (t: TestApp, cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/two-factor', cookie })).json()

describe('two-factor enrolment', () => {
  it('shows the secret and a QR code once, and turns on only with the password and a valid code', async () => {
    const time = manualClock()
    const t = await testApp({ clock: time })
    const cookie = await t.login()
    expect(await status(t, cookie)).toEqual({ enabled: false, recoveryCodesLeft: 0 })

    const setup = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', cookie })
    const { secret, uri, qrCode } = setup.json() as { secret: string; uri: string; qrCode: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toMatch(/^otpauth:\/\/totp\/Lab%20of%20Life:admin\?/)
    expect(uri).toContain(`secret=${secret}`)
    expect(uri).toContain('period=30')
    expect(uri).toContain('digits=6')
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg')

    const enable = (pw: string, code: string) =>
      t.request({ method: 'POST', url: '/api/auth/two-factor/enable', cookie, payload: { password: pw, code } })
    const wrongPassword = await enable('not-the-password', totpCode(secret, time()))
    expect(wrongPassword.statusCode).toBe(400)
    expect(wrongPassword.json()).toEqual({ error: 'Current password is incorrect' })
    const wrongCode = await enable(TEST_ADMIN.password, totpCode(secret, new Date(time().getTime() + 10 * STEP)))
    expect(wrongCode.statusCode).toBe(400)
    expect(wrongCode.json()).toEqual({ error: 'Invalid authentication code' })
    expect(await status(t, cookie)).toEqual({ enabled: false, recoveryCodesLeft: 0 })
    expect((await password(t)).json()).toHaveProperty('user') // still a one-step login

    const ok = await enable(TEST_ADMIN.password, totpCode(secret, time()))
    expect(ok.statusCode).toBe(200)
    const { recoveryCodes } = ok.json() as { recoveryCodes: string[] }
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(await status(t, cookie)).toEqual({ enabled: true, recoveryCodesLeft: 10 })

    // The secret is never handed out again, and a new setup cannot replace it.
    const again = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', cookie })
    expect(again.statusCode).toBe(409)
    expect(JSON.stringify(await status(t, cookie))).not.toContain(secret)
    // Recovery codes are stored as hashes only.
    const stored = await t.app.ctx.db.selectFrom('recovery_codes').select('code_hash').execute()
    expect(stored).toHaveLength(10)
    const storedText = JSON.stringify(stored)
    for (const code of recoveryCodes) {
      expect(storedText).not.toContain(code)
      expect(storedText).not.toContain(code.replace(/-/g, ''))
    }
  })

  it('answers 400 to enable without a setup, and 401 to every call without a session', async () => {
    const t = await testApp()
    const cookie = await t.login()
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie,
      payload: { password: TEST_ADMIN.password, code: '123456' },
    })
    expect(res.statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url: '/api/auth/two-factor/setup' })).statusCode).toBe(401)
  })
})

describe('login with two-factor on', () => {
  it('a correct password gives a ticket and no session; the code then signs in', async () => {
    const { t, time, secret } = await enrolled()
    const first = await password(t)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) })
    expect(first.cookies.find((c) => c.name === 'sid')).toBeUndefined()
    // The device becomes known only once the second step is passed.
    expect(first.cookies.find((c) => c.name === 'did')).toBeUndefined()

    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: TEST_ADMIN.username, password: 'wrong-password' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ error: 'Invalid username or password' })

    const { ticket } = first.json() as { ticket: string }
    const badCode = await verify(t, ticket, '000000')
    expect(badCode.statusCode).toBe(401)
    expect(badCode.json()).toEqual({ error: 'Invalid authentication code' })
    const ok = await verify(t, ticket, totpCode(secret, time()))
    expect(ok.statusCode).toBe(200)
    expect(ok.json().user).toMatchObject({ username: TEST_ADMIN.username })
    const sid = ok.cookies.find((c) => c.name === 'sid')!
    expect(sid.httpOnly).toBe(true)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: `sid=${sid.value}` })).statusCode).toBe(200)
    expect(ok.cookies.find((c) => c.name === 'did')).toMatchObject({ httpOnly: true, path: '/api/auth' })
  })

  it('a ticket is single-use and short-lived; a made-up one is refused', async () => {
    const { t, time, secret } = await enrolled()
    const ticket = await ticketFor(t)
    expect((await verify(t, ticket, totpCode(secret, time()))).statusCode).toBe(200)
    time.tick(STEP)
    const reused = await verify(t, ticket, totpCode(secret, time()))
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toEqual({ error: 'Your sign-in has expired. Please sign in again.' })

    const late = await ticketFor(t)
    time.tick(5 * 60 * 1000 + 1000)
    expect((await verify(t, late, totpCode(secret, time()))).statusCode).toBe(401)
    expect((await verify(t, 'made-up-ticket', totpCode(secret, time()))).statusCode).toBe(401)
  })

  it('a password change voids the tickets the old password earned', async () => {
    const { t, time, cookie, secret } = await enrolled()
    const ticket = await ticketFor(t)
    const change = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: TEST_ADMIN.password, newPassword: 'a-brand-new-password' },
    })
    expect(change.statusCode).toBe(200)
    const res = await verify(t, ticket, totpCode(secret, time()))
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: 'Your sign-in has expired. Please sign in again.' })
  })

  it('a code cannot be replayed within its window, nor an older one; the next step’s code works', async () => {
    const { t, time, secret } = await enrolled()
    const code = totpCode(secret, time())
    expect((await verify(t, await ticketFor(t), code)).statusCode).toBe(200)
    const replay = await verify(t, await ticketFor(t), code)
    expect(replay.statusCode).toBe(401)
    const previous = totpCode(secret, new Date(time().getTime() - STEP)) // still inside the ±1 window
    expect((await verify(t, await ticketFor(t), previous)).statusCode).toBe(401)
    time.tick(STEP)
    expect((await verify(t, await ticketFor(t), totpCode(secret, time()))).statusCode).toBe(200)
  })

  it('one code sent with ten tickets at once signs in exactly once', async () => {
    const { t, time, secret } = await enrolled()
    const tickets: string[] = []
    for (let i = 0; i < 10; i++) tickets.push(await ticketFor(t))
    const code = totpCode(secret, time())
    const all = await Promise.all(tickets.map((ticket, i) => verify(t, ticket, code, `10.40.0.${i}`)))
    const statuses = all.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s !== 200 && s !== 401 && s !== 429)).toEqual([]) // the losers: used code, or out of budget
    expect(await t.app.ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(2) // enrolment's and the winner's
  })

  it('accepts each recovery code once, however it is typed', async () => {
    const { t, cookie, recoveryCodes } = await enrolled()
    const [code] = recoveryCodes
    const typed = ` ${code!.toUpperCase().replace(/-/g, ' ')} `
    expect((await verify(t, await ticketFor(t), typed)).statusCode).toBe(200)
    const again = await verify(t, await ticketFor(t), code!)
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual({ error: 'Invalid authentication code' })
    expect(await status(t, cookie)).toEqual({ enabled: true, recoveryCodesLeft: 9 })
    expect((await verify(t, await ticketFor(t), recoveryCodes[1]!)).statusCode).toBe(200)
  })

  it('50 wrong codes sent at once: exactly 5 are checked, 45 answer 429, and then even the right code waits', async () => {
    const { t, time, secret } = await enrolled()
    const ticket = await ticketFor(t)
    const wrong = (i: number) => String((Number(totpCode(secret, time())) + 1 + i) % 1_000_000).padStart(6, '0')
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) => verify(t, ticket, wrong(i * 7919), `10.50.${i >> 8}.${i & 255}`)),
    )
    expect(tally(all.map((r) => r.statusCode))).toEqual({ 401: 5, 429: 45 })
    const blocked = all.find((r) => r.statusCode === 429)!
    // The account's code window opened at the enrolment, one step earlier.
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60 - 30)
    expect(blocked.json()).toEqual({ error: expect.any(String) })
    const right = await verify(t, ticket, totpCode(secret, time()), '10.60.0.1')
    expect(right.statusCode).toBe(429)
    time.tick(15 * 60 * 1000 + 1000)
    expect((await verify(t, await ticketFor(t), totpCode(secret, time()), '10.60.0.1')).statusCode).toBe(200)
  })

  it('wrong codes from one network are limited across tickets too', async () => {
    const { t } = await enrolled()
    const ticket = await ticketFor(t)
    for (let i = 0; i < 5; i++) expect((await verify(t, ticket, '000000', '192.0.2.50')).statusCode).toBe(401)
    expect((await verify(t, ticket, '000000', '192.0.2.50')).statusCode).toBe(429)
  })
})

describe('turning two-factor off and new recovery codes', () => {
  it('off needs the password and a code; afterwards login is one step again', async () => {
    const { t, time, cookie, secret } = await enrolled()
    const disable = (pw: string, code: string) =>
      t.request({ method: 'POST', url: '/api/auth/two-factor/disable', cookie, payload: { password: pw, code } })
    expect((await disable('not-the-password', totpCode(secret, time()))).statusCode).toBe(400)
    const badCode = await disable(TEST_ADMIN.password, '000000')
    expect(badCode.statusCode).toBe(400)
    expect(badCode.json()).toEqual({ error: 'Invalid authentication code' })
    expect((await status(t, cookie)).enabled).toBe(true)
    expect((await disable(TEST_ADMIN.password, totpCode(secret, time()))).statusCode).toBe(200)
    expect(await status(t, cookie)).toEqual({ enabled: false, recoveryCodesLeft: 0 })
    expect((await password(t)).json()).toHaveProperty('user')
    expect(await t.app.ctx.db.selectFrom('recovery_codes').select('id').execute()).toEqual([])
  })

  it('new recovery codes void the old ones', async () => {
    const { t, time, cookie, secret, recoveryCodes } = await enrolled()
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/recovery-codes',
      cookie,
      payload: { password: TEST_ADMIN.password, code: totpCode(secret, time()) },
    })
    expect(res.statusCode).toBe(200)
    const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes
    expect(fresh).toHaveLength(10)
    expect((await verify(t, await ticketFor(t), recoveryCodes[0]!)).statusCode).toBe(401)
    expect((await verify(t, await ticketFor(t), fresh[0]!)).statusCode).toBe(200)
  })
})
