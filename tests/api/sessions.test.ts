import { describe, expect, it } from 'vitest'
import { createSession, hashToken } from '#server/features/auth/sessions.repo.ts'
import { housekeep } from '#server/features/housekeeping/housekeeping.service.ts'
import { TEST_ADMIN, type TestApp } from '#test/support/test-app.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { appsClosedAfterEach } from './helpers.ts'

const { testApp } = appsClosedAfterEach()

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

async function loginFrom(t: TestApp, userAgent: string, remoteAddress: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  })
  expect(res.statusCode).toBe(200)
  return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`
}

const me = (t: TestApp, cookie: string) => t.request({ method: 'GET', url: '/api/auth/me', cookie })
const list = async (t: TestApp, cookie: string) => {
  const res = await t.request({ method: 'GET', url: '/api/auth/sessions', cookie })
  expect(res.statusCode).toBe(200)
  return res.json() as Array<Record<string, unknown>>
}

describe('sessions list', () => {
  it('lists the admin’s live sessions with a readable device, the address and times, marking this one', async () => {
    const t = await testApp()
    const laptop = await loginFrom(t, FIREFOX_WINDOWS, '198.51.100.7')
    const phone = await loginFrom(t, SAFARI_IPHONE, '2001:db8::42')
    const sessions = await list(t, laptop)
    expect(sessions).toHaveLength(2)
    for (const s of sessions)
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'ip', 'lastSeenAt', 'userAgent'])
    expect(sessions.find((s) => s.current)).toMatchObject({
      device: 'Firefox on Windows',
      ip: '198.51.100.7',
      userAgent: FIREFOX_WINDOWS,
    })
    expect(sessions.find((s) => !s.current)).toMatchObject({ device: 'Safari on iPhone', ip: '2001:db8::42' })
    // The id is not the stored hash of either token.
    const hashes = [laptop, phone].map((c) => hashToken(c.slice('sid='.length)))
    expect(sessions.map((s) => s.id)).not.toContain(hashes[0])
    expect(sessions.map((s) => s.id)).not.toContain(hashes[1])
    // This device comes first, whatever was used last.
    expect((await list(t, phone)).map((s) => [s.device, s.current])).toEqual([
      ['Safari on iPhone', true],
      ['Firefox on Windows', false],
    ])
    expect((await list(t, laptop)).map((s) => s.current)).toEqual([true, false])
  })

  it('notes the latest address and time when the session is used again later', async () => {
    const time = manualClock('2026-11-22T10:00:00.000Z')
    const t = await testApp({ clock: time })
    const cookie = await loginFrom(t, FIREFOX_WINDOWS, '198.51.100.7')
    time.tick(2 * 3600 * 1000)
    await t.request({ method: 'GET', url: '/api/auth/me', cookie, remoteAddress: '203.0.113.9' })
    const [session] = await list(t, cookie)
    expect(session).toMatchObject({
      ip: '203.0.113.9',
      lastSeenAt: time().toISOString(),
      createdAt: '2026-11-22T10:00:00.000Z',
    })
  })

  it('signs out one other session; this one, an unknown id or another user’s session answer 404', async () => {
    const t = await testApp()
    const laptop = await loginFrom(t, FIREFOX_WINDOWS, '198.51.100.7')
    const phone = await loginFrom(t, SAFARI_IPHONE, '198.51.100.8')
    const sessions = await list(t, laptop)
    const phoneId = sessions.find((s) => !s.current)!.id as string
    const currentId = sessions.find((s) => s.current)!.id as string

    const del = (id: string) =>
      t.request({ method: 'DELETE', url: `/api/auth/sessions/${encodeURIComponent(id)}`, cookie: laptop })
    expect((await del(currentId)).statusCode).toBe(404)
    expect((await del(crypto.randomUUID())).statusCode).toBe(404)

    const db = t.app.ctx.db
    const otherUser = {
      id: crypto.randomUUID(),
      username: 'other',
      email: 'other@example.com',
      password_hash: '!',
      role: 'admin',
      created_at: new Date().toISOString(),
    }
    await db.insertInto('users').values(otherUser).execute()
    const otherToken = await createSession(db, otherUser.id, new Date())
    const otherId = (
      await db
        .selectFrom('sessions')
        .select('public_id')
        .where('id', '=', hashToken(otherToken))
        .executeTakeFirstOrThrow()
    ).public_id!
    expect((await list(t, laptop)).map((s) => s.id)).not.toContain(otherId)
    expect((await del(otherId)).statusCode).toBe(404)
    expect((await me(t, `sid=${otherToken}`)).statusCode).toBe(200)

    const res = await del(phoneId)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect((await me(t, phone)).statusCode).toBe(401)
    expect((await me(t, laptop)).statusCode).toBe(200)
    expect((await list(t, laptop)).map((s) => s.id)).toEqual([currentId])
  })

  it('hostile session ids and two-step inputs answer 4xx, never 500', async () => {
    const t = await testApp()
    const cookie = await t.login()
    for (const id of ['a%00b', '%27%20or%201%3D1', 'x'.repeat(65), '..%2f..']) {
      const res = await t.request({ method: 'DELETE', url: `/api/auth/sessions/${id}`, cookie })
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, id).toBeLessThan(500)
    }
    for (const payload of [
      { ticket: 'a\u0000b', code: '123456' },
      { ticket: 'x', code: 'a\u0000b' },
      { ticket: 'x', code: '' },
      { ticket: 'x' },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/auth/login/verify', payload })
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500)
    }
  })

  it('signs out everywhere else and keeps this session', async () => {
    const t = await testApp()
    const cookies = [await t.login(), await t.login(), await t.login()]
    const res = await t.request({ method: 'POST', url: '/api/auth/sessions/sign-out-others', cookie: cookies[1] })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ signedOut: 2 })
    expect((await me(t, cookies[0]!)).statusCode).toBe(401)
    expect((await me(t, cookies[2]!)).statusCode).toBe(401)
    expect((await me(t, cookies[1]!)).statusCode).toBe(200)
    expect(await list(t, cookies[1]!)).toHaveLength(1)
  })

  it('housekeeping removes sessions past the absolute lifetime even when recently used', async () => {
    const time = manualClock()
    const t = await testApp({ clock: time })
    const old = await t.login()
    time.tick(29 * 24 * 3600 * 1000)
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: old })).statusCode).toBe(200) // used: not idle
    const fresh = await t.login()
    time.tick(2 * 24 * 3600 * 1000)
    await housekeep(t.app.ctx.db, time(), t.app.ctx.env.analyticsRetentionDays)
    const left = await t.app.ctx.db.selectFrom('sessions').select('id').execute()
    expect(left.map((r) => r.id)).toEqual([hashToken(fresh.slice('sid='.length))])
  })
})

describe('unknown session tokens', () => {
  it('are remembered as unknown for 30 s, so a bogus cookie is not looked up on every request', async () => {
    const time = manualClock()
    const t = await testApp({ clock: time })
    const bogus = 'bogus-token-that-names-no-session'
    expect((await me(t, `sid=${bogus}`)).statusCode).toBe(401)
    // The row appears behind the app's back: a request that asked the database would now find it.
    const user = await t.app.ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow()
    const at = time().toISOString()
    await t.app.ctx.db
      .insertInto('sessions')
      .values({
        id: hashToken(bogus),
        public_id: crypto.randomUUID(),
        user_id: user.id,
        user_agent: null,
        ip: null,
        created_at: at,
        last_seen_at: at,
      })
      .execute()
    time.tick(29_000)
    expect((await me(t, `sid=${bogus}`)).statusCode).toBe(401)
    time.tick(2_000)
    expect((await me(t, `sid=${bogus}`)).statusCode).toBe(200)
  })

  it('never delay a real login, even one sent with a remembered bogus cookie', async () => {
    const t = await testApp()
    expect((await me(t, 'sid=forged')).statusCode).toBe(401)
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      cookie: 'sid=forged',
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    })
    expect(res.statusCode).toBe(200)
    const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`
    expect((await me(t, cookie)).statusCode).toBe(200)
  })

  it('a logged-out session stays out', async () => {
    const t = await testApp()
    const cookie = await t.login()
    expect((await me(t, cookie)).statusCode).toBe(200)
    await t.request({ method: 'POST', url: '/api/auth/logout', cookie })
    expect((await me(t, cookie)).statusCode).toBe(401)
    expect((await me(t, cookie)).statusCode).toBe(401)
  })
})
