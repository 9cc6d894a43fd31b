import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImportAnswerSchema } from '#shared/schemas/subscriber.ts'
import { multipartForm } from '#test/support/multipart.ts'
import { linkIn, startSmtpInbox, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { createTestApp, ORIGIN, type TestApp } from '#test/support/test-app.ts'
import { insertSubscribers } from './newsletter.fixtures.ts'
import { adminCookie } from './posts.fixtures.ts'

describe('Admin → Subscribers → Import CSV', () => {
  let t: TestApp
  let inbox: SmtpInbox
  let admin: string

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createTestApp({ env: { SMTP_URL: inbox.url, MAIL_RATE: '0' } })
    admin = await adminCookie(t)
  })
  afterAll(async () => {
    await t.close()
    await inbox.close()
  })

  const upload = (csv: string, fields: Record<string, string> = {}, cookie: string | undefined = admin) => {
    const form = multipartForm({ file: { name: 'list.csv', body: csv, type: 'text/csv' } }, fields)
    return t.request({ method: 'POST', url: '/api/admin/subscribers/import', cookie, ...form })
  }
  const statusOf = async (email: string) =>
    (await t.app.ctx.db.selectFrom('subscribers').select('status').where('email', '=', email).executeTakeFirst())
      ?.status

  it('imports as subscribed when they already agreed, and lists bad rows by number', async () => {
    await insertSubscribers(t, ['gone@example.com'], 'unsubscribed')
    const csv = [
      'name,Email',
      'Ann,Ann@Example.com',
      'Bob,not an address',
      '',
      'Cy,"a@b.c\r\nBcc: x@y.z"',
      `Di,${'d'.repeat(300)}@example.com`,
      'Gone,gone@example.com',
      'Ann again,ann@example.com',
    ].join('\n')
    const res = await upload(csv, { agreed: 'true' })
    expect(res.statusCode, res.body).toBe(200)
    expect(ImportAnswerSchema.parse(res.json())).toEqual({
      imported: 1,
      alreadyKnown: 1,
      confirmationsSent: 0,
      invalid: [
        { row: 3, reason: 'Enter a valid email address' },
        { row: 4, reason: 'Email must be one line' },
        { row: 5, reason: 'Email must be at most 254 characters' },
      ],
    })
    expect(await statusOf('ann@example.com')).toBe('subscribed')
    // Someone who left stays gone.
    expect(await statusOf('gone@example.com')).toBe('unsubscribed')
  })

  it('without the box ticked, imports as pending and sends each one confirmation', async () => {
    const res = await upload('first@example.com\nsecond@example.com\n')
    expect(res.json()).toEqual({ imported: 2, alreadyKnown: 0, confirmationsSent: 2, invalid: [] })
    for (const email of ['first@example.com', 'second@example.com']) {
      expect(await statusOf(email)).toBe('pending')
      const [mail] = await inbox.waitFor(email)
      const link = linkIn(mail!, `${ORIGIN}/subscribe/confirm`)
      expect((await t.request({ method: 'GET', url: link.slice(ORIGIN.length) })).statusCode).toBe(200)
      expect(await statusOf(email)).toBe('subscribed')
    }
    // Imported again at once: known, and no second confirmation within 10 minutes for anyone.
    expect((await upload('first@example.com\n')).json()).toMatchObject({ imported: 0, alreadyKnown: 1 })
  })

  it('refuses files too large or too long with 413 and a clear message', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `r${i}@example.com`).join('\n')
    const many = await upload(rows)
    expect(many.statusCode).toBe(413)
    expect(many.json()).toEqual({ error: 'The file must hold at most 10,000 rows' })
    const big = await upload(`${'x'.repeat(2 * 1024 * 1024)}@example.com`)
    expect(big.statusCode).toBe(413)
    expect(big.json()).toEqual({ error: 'The file must be at most 2 MB' })
    expect(await statusOf('r0@example.com')).toBeUndefined()
  })

  it('answers 400, never 500, to what is not a CSV upload; 401 without a session', async () => {
    expect((await upload('"unclosed,quote\nx@example.com')).statusCode).toBe(400)
    const json = await t.request({
      method: 'POST',
      url: '/api/admin/subscribers/import',
      cookie: admin,
      payload: { email: 'a@example.com' },
    })
    expect(json.statusCode).toBe(400)
    const wrongField = multipartForm({ other: { name: 'a.csv', body: 'a@example.com' } })
    const wrong = await t.request({
      method: 'POST',
      url: '/api/admin/subscribers/import',
      cookie: admin,
      ...wrongField,
    })
    expect(wrong.statusCode).toBe(400)
    expect((await upload('a@example.com', {}, '')).statusCode).toBe(401)
  })
})
