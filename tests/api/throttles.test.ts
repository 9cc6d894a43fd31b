import { afterEach, describe, expect, it } from 'vitest'
import { adminCookie, createPost } from './posts.fixtures.ts'
import { TEST_ADMIN, createTestApp, type TestApp } from '#test/support/test-app.ts'

const open: TestApp[] = []
async function testApp(opts: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(opts)
  open.push(t)
  return t
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()))
})

const login = (t: TestApp, username: string, password: string, remoteAddress = '198.51.100.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress })

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {})

describe('login throttle under concurrency', () => {
  it('50 wrong passwords for one account sent at once: exactly 5 are checked, 45 answer 429', async () => {
    const t = await testApp()
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(t, TEST_ADMIN.username, `wrong-${i}`, `10.9.${i >> 8}.${i & 255}`)),
    )
    expect(tally(all.map((r) => r.statusCode))).toEqual({ 401: 5, 429: 45 })
    expect((await login(t, TEST_ADMIN.username, TEST_ADMIN.password, '10.10.0.1')).statusCode).toBe(429)
  })

  it('50 wrong logins from one network sent at once: exactly 5 are checked', async () => {
    const t = await testApp()
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(t, `someone-${i}`, 'wrong-password', '10.20.0.1')),
    )
    expect(tally(all.map((r) => r.statusCode))).toEqual({ 401: 5, 429: 45 })
  })

  it('the lockout does not tell username and email apart: each login name has its own budget', async () => {
    const t = await testApp()
    const aliases = [
      TEST_ADMIN.username,
      TEST_ADMIN.username.toUpperCase(),
      ` ${TEST_ADMIN.username} `,
      TEST_ADMIN.username,
      TEST_ADMIN.username,
    ]
    for (const [i, alias] of aliases.entries())
      expect((await login(t, alias, 'wrong-password', `10.30.0.${i}`)).statusCode).toBe(401)
    expect((await login(t, TEST_ADMIN.username, 'wrong-password', '10.30.0.98')).statusCode).toBe(429)
    // The owner's email, and an email that belongs to nobody, answer alike: a locked name points at no address.
    expect((await login(t, TEST_ADMIN.email, 'wrong-password', '10.30.0.97')).statusCode).toBe(401)
    expect((await login(t, 'nobody@example.com', 'wrong-password', '10.30.0.96')).statusCode).toBe(401)
    expect((await login(t, TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password, '10.30.0.99')).statusCode).toBe(200)
  })

  it('IPv6 addresses of one /64, however written, share one budget; another /64 does not', async () => {
    const t = await testApp()
    const sameNetwork = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0002',
      '2001:db8:1:2:ffff::3',
      '2001:DB8:1:2::4',
      '2001:db8:1:2:a:b:c:d',
    ]
    for (const [i, address] of sameNetwork.entries())
      expect((await login(t, `user-${i}`, 'wrong-password', address)).statusCode).toBe(401)
    expect((await login(t, TEST_ADMIN.username, TEST_ADMIN.password, '2001:db8:1:2::99')).statusCode).toBe(429)
    expect((await login(t, TEST_ADMIN.username, TEST_ADMIN.password, '2001:db8:1:3::1')).statusCode).toBe(200)
  })

  it('IPv4 written as IPv4-mapped IPv6 is the same client', async () => {
    const t = await testApp()
    for (let i = 0; i < 5; i++)
      expect((await login(t, `user-${i}`, 'wrong-password', i % 2 ? '::ffff:192.0.2.7' : '192.0.2.7')).statusCode).toBe(
        401,
      )
    expect((await login(t, TEST_ADMIN.username, TEST_ADMIN.password, '::ffff:192.0.2.7')).statusCode).toBe(429)
  })

  it('a correct password does not use up the budget', async () => {
    const t = await testApp()
    for (let i = 0; i < 4; i++) expect((await login(t, TEST_ADMIN.username, 'wrong-password')).statusCode).toBe(401)
    for (let i = 0; i < 3; i++) expect((await login(t, TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(200)
    expect((await login(t, TEST_ADMIN.username, 'wrong-password')).statusCode).toBe(401)
    expect((await login(t, TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(429)
  })

  it('stores no raw address in the throttle table', async () => {
    const t = await testApp()
    await login(t, 'nobody', 'wrong-password', '203.0.113.77')
    const buckets = (await t.app.ctx.db.selectFrom('rate_limits').select('bucket').execute()).map((r) => r.bucket)
    expect(buckets.length).toBeGreaterThan(0)
    expect(buckets.join(' ')).not.toContain('203.0.113.77')
  })
})

describe('login lockout with device cookies', () => {
  const deviceOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
    res.cookies.find((c) => c.name === 'did')?.value

  it('a browser that has signed in before keeps its own budget while strangers lock the account', async () => {
    const t = await testApp()
    const first = await login(t, TEST_ADMIN.username, TEST_ADMIN.password, '192.0.2.10')
    expect(first.statusCode).toBe(200)
    const device = deviceOf(first)
    expect(device).toBeTruthy()
    const cookie = first.cookies.find((c) => c.name === 'did')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' })

    for (let i = 0; i < 5; i++)
      expect((await login(t, TEST_ADMIN.username, 'wrong-password', `203.0.113.${i}`)).statusCode).toBe(401)
    const stranger = await login(t, TEST_ADMIN.username, TEST_ADMIN.password, '192.0.2.10')
    expect(stranger.statusCode, 'an unknown device shares the locked account budget').toBe(429)

    const owner = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      remoteAddress: '192.0.2.10',
      cookie: `did=${device}`,
    })
    expect(owner.statusCode, owner.body).toBe(200)
    expect(deviceOf(owner)).toBe(device)
  })

  it('a device has a budget of its own; a forged device token counts as unknown', async () => {
    const t = await testApp()
    const device = deviceOf(await login(t, TEST_ADMIN.username, TEST_ADMIN.password, '192.0.2.20'))!
    const withCookie = (cookie: string, password: string, i: number) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: TEST_ADMIN.username, password },
        remoteAddress: `198.18.0.${i}`,
        cookie,
      })
    for (let i = 0; i < 5; i++) expect((await withCookie(`did=${device}`, 'wrong-password', i)).statusCode).toBe(401)
    expect((await withCookie(`did=${device}`, TEST_ADMIN.password, 10)).statusCode).toBe(429)
    // The account's shared budget was not touched by the device's failures.
    expect((await login(t, TEST_ADMIN.username, TEST_ADMIN.password, '198.18.1.1')).statusCode).toBe(200)

    const forged = `did=${device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`
    for (let i = 0; i < 5; i++) expect((await withCookie(forged, 'wrong-password', 20 + i)).statusCode).toBe(401)
    expect((await withCookie(forged, TEST_ADMIN.password, 30)).statusCode).toBe(429)
  })

  it('a refused login writes nothing: made-up names past the network budget leave no rows', async () => {
    const t = await testApp()
    const rows = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('rate_limits')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    for (let i = 0; i < 5; i++)
      expect((await login(t, `made-up-${i}`, 'wrong-password', '198.51.100.50')).statusCode).toBe(401)
    const before = await rows()
    for (let i = 0; i < 40; i++)
      expect((await login(t, `made-up-more-${i}`, 'wrong-password', '198.51.100.50')).statusCode).toBe(429)
    expect(await rows()).toBe(before)

    // A locked name refused from a fresh network writes nothing either.
    for (let i = 0; i < 5; i++) await login(t, TEST_ADMIN.username, 'wrong-password', `198.51.101.${i}`)
    const locked = await rows()
    for (let i = 0; i < 10; i++)
      expect((await login(t, TEST_ADMIN.username, 'wrong-password', `198.51.102.${i}`)).statusCode).toBe(429)
    expect(await rows()).toBe(locked)
  })
})

describe('comment throttle under concurrency', () => {
  it('50 comments from one network sent at once: exactly 5 stored, 45 answer 429', async () => {
    const t = await testApp()
    const post = await createPost(t, await adminCookie(t), { title: 'Busy', content: 'Body', status: 'published' })
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.request({
          method: 'POST',
          url: `/api/posts/${post.id}/comments`,
          payload: { content: `comment ${i}` },
          remoteAddress: '2001:db8:77::1',
        }),
      ),
    )
    expect(tally(all.map((r) => r.statusCode))).toEqual({ 201: 5, 429: 45 })
    const stored = await t.app.ctx.db.selectFrom('comments').select('id').where('post_id', '=', post.id).execute()
    expect(stored).toHaveLength(5)
    const blocked = all.find((r) => r.statusCode === 429)!
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('housekeeping', () => {
  it('prunes throttle windows that are long over while the app runs, not only at start', async () => {
    const fast = await testApp({ housekeepingEveryMs: 20 })
    await fast.app.ctx.db
      .insertInto('rate_limits')
      .values({ bucket: 'stale', window_start: '2020-01-01T00:00:00.000Z', hits: 3 })
      .execute()
    await fast.app.ctx.db
      .insertInto('rate_limits')
      .values({ bucket: 'fresh', window_start: new Date().toISOString(), hits: 3 })
      .execute()
    let left: string[] = []
    for (let i = 0; i < 100; i++) {
      left = (await fast.app.ctx.db.selectFrom('rate_limits').select('bucket').execute()).map((r) => r.bucket)
      if (!left.includes('stale')) break
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(left).toEqual(['fresh'])
  })
})
