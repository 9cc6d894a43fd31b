import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCode } from '#server/features/auth/totp.ts'
import {
  ADMIN,
  call,
  loginCookie,
  removeDirs,
  runCli,
  startServer,
  tempDataDir,
  testDatabase,
  type ServerProcess,
} from './server-process.ts'

/** `npm run reset-password|disable-2fa -- …` as the bundle runs it, with `stdin` piped in (not a terminal). */
const accountCli = (args: string[], where: { dataDir: string; databaseUrl?: string }, stdin = '') =>
  runCli('account-cli.js', args, where, stdin)

const login = (base: string, password: string) =>
  call(base, 'POST', '/api/auth/login', { body: { username: ADMIN.username, password } })

const engines = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)

describe.each(engines)('a way back in from the shell (%s)', (engine) => {
  const database = engine === 'postgres' ? testDatabase('blog_account') : undefined
  const dataDir = tempDataDir()
  const where = { dataDir, databaseUrl: database?.url }
  let server: ServerProcess

  beforeAll(async () => {
    await database?.create()
    server = await startServer(where)
  })
  afterAll(async () => {
    await server?.stop()
    await database?.drop()
    removeDirs([dataDir])
  })

  it('reset-password takes the new password from stdin, ends every session, and the old password stops working', async () => {
    const cookies = [await loginCookie(server.base), await loginCookie(server.base)]
    for (const cookie of cookies) expect((await call(server.base, 'GET', '/api/auth/me', { cookie })).status).toBe(200)

    const run = await accountCli(['reset-password', ADMIN.username], where, 'a-brand-new-password\n')
    expect(run, run.stderr).toMatchObject({ code: 0 })
    expect(run.stdout).toContain(`The password of ${ADMIN.username} is changed, and 2 sessions ended`)
    expect(run.stdout + run.stderr).not.toContain('a-brand-new-password')

    for (const cookie of cookies) expect((await call(server.base, 'GET', '/api/auth/me', { cookie })).status).toBe(401)
    expect((await login(server.base, ADMIN.password)).status).toBe(401)
    expect((await login(server.base, 'a-brand-new-password')).status).toBe(200)

    // Put the password back for the next test.
    expect((await accountCli(['reset-password', ADMIN.email], where, `${ADMIN.password}\n`)).code).toBe(0)
  })

  it('reset-password refuses a password on the command line, a short one, none, and an unknown account', async () => {
    const onArgv = await accountCli(['reset-password', ADMIN.username, 'on-the-command-line'], where, 'x\n')
    expect(onArgv.code).toBe(1)
    expect(onArgv.stderr).toContain('never on the command line')
    const short = await accountCli(['reset-password', ADMIN.username], where, 'short\n')
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('Password must be at least 8 characters')
    const none = await accountCli(['reset-password', ADMIN.username], where, '')
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('No password on standard input')
    const unknown = await accountCli(['reset-password', 'nobody'], where, 'long-enough-password\n')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No admin account has the username or email "nobody"')
    const usage = await accountCli(['reset-password'], where)
    expect(usage.code).toBe(1)
    expect(usage.stderr).toContain('Usage: npm run reset-password -- USERNAME')
    expect((await login(server.base, ADMIN.password)).status).toBe(200)
  })

  it('disable-2fa turns two-factor off: the password alone signs in again', async () => {
    const cookie = await loginCookie(server.base)
    const setup = await call(server.base, 'POST', '/api/auth/two-factor/setup', { cookie })
    const { secret } = (await setup.json()) as { secret: string }
    const enable = await call(server.base, 'POST', '/api/auth/two-factor/enable', {
      cookie,
      body: { password: ADMIN.password, code: totpCode(secret, new Date()) },
    })
    expect(enable.status).toBe(200)
    const asked = await login(server.base, ADMIN.password)
    expect(await asked.json()).toMatchObject({ twoFactorRequired: true })

    const run = await accountCli(['disable-2fa', ADMIN.username], where)
    expect(run, run.stderr).toMatchObject({ code: 0 })
    expect(run.stdout).toContain(`Two-factor authentication is off for ${ADMIN.username}`)

    const signedIn = await login(server.base, ADMIN.password)
    expect(signedIn.status).toBe(200)
    expect(await signedIn.json()).toMatchObject({ user: { username: ADMIN.username } })
    const status = await call(server.base, 'GET', '/api/auth/two-factor', { cookie })
    expect(await status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 })

    const again = await accountCli(['disable-2fa', ADMIN.username], where)
    expect(again.stdout).toContain('Two-factor authentication was already off')
  })
})
