import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { App } from '#server/context.ts'
import { loadEnv } from '#server/env.ts'
import { hashPassword } from '#server/features/auth/password.ts'
import { linkIn, startSmtpInbox, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { ORIGIN } from '#test/support/test-app.ts'
import { createTestDatabase } from '#test/support/test-db.ts'

/** Subscribers' addresses never reach the log, at the most talkative level, even when sending fails. */
describe('subscriber addresses stay out of the log', () => {
  const raw: string[] = []
  const apps: App[] = []
  const disposers: Array<() => Promise<void>> = []
  let inbox: SmtpInbox
  let deadSmtpUrl: string

  const start = async (smtpUrl: string) => {
    const database = await createTestDatabase()
    const env = loadEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: ORIGIN,
      SEED_DEMO: '0',
      DATA_DIR: database.dataDir,
      SMTP_URL: smtpUrl,
    })
    const stream = new Writable({
      write(chunk, _enc, done) {
        raw.push(String(chunk))
        done()
      },
    })
    const app = await buildApp({ database: database.handle, env, logger: { level: 'trace', stream } })
    await app.ready()
    apps.push(app)
    disposers.push(async () => {
      await app.close()
      await database.dispose()
    })
    return app
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    const dead = await startSmtpInbox()
    deadSmtpUrl = dead.url
    await dead.close()
  })
  afterAll(async () => {
    for (const dispose of disposers) await dispose()
    await inbox.close()
  })

  it('subscribing, confirming, unsubscribing, the admin search and a failed send log no address', async () => {
    const app = await start(inbox.url)
    await app.ctx.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        username: 'admin',
        email: 'admin@example.com',
        password_hash: await hashPassword('logged-password'),
        role: 'admin',
        created_at: new Date().toISOString(),
      })
      .execute()
    const headers = { origin: ORIGIN }
    const email = 'private.reader@example.com'
    await app.inject({ method: 'POST', url: '/api/subscribers', headers, payload: { email } })
    await app.inject({
      method: 'POST',
      url: '/subscribe',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form.reader%40example.com',
    })
    await app.inject({
      method: 'POST',
      url: '/api/subscribers',
      headers,
      payload: { email: 'bad\r\nBcc: hidden@example.com' },
    })
    const [mail] = await inbox.waitFor(email)
    await inbox.waitFor('form.reader@example.com')
    await app.inject({ method: 'GET', url: linkIn(mail!, `${ORIGIN}/subscribe/confirm`).slice(ORIGIN.length) })
    await app.inject({ method: 'POST', url: linkIn(mail!, `${ORIGIN}/unsubscribe`).slice(ORIGIN.length) })

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { username: 'admin', password: 'logged-password' },
    })
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`
    const search = await app.inject({
      method: 'GET',
      url: `/api/admin/subscribers?email=${encodeURIComponent(email)}`,
      headers: { cookie },
    })
    expect(search.json().total).toBe(1)

    const down = await start(deadSmtpUrl)
    await down.inject({ method: 'POST', url: '/api/subscribers', headers, payload: { email: 'unlucky@example.com' } })
    await expect.poll(() => raw.some((line) => line.includes('confirmation not sent')), { timeout: 20_000 }).toBe(true)

    const log = raw.join('')
    expect(log).toContain('/api/admin/subscribers?email=%5Bredacted%5D')
    for (const address of [email, 'form.reader', 'hidden@example.com', 'unlucky@example.com', 'private.reader'])
      expect(log).not.toContain(address)
    expect(log).not.toContain(encodeURIComponent(email))
  })
})
