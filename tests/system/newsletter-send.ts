import SQLite from 'better-sqlite3'
import path from 'node:path'
import pg from 'pg'
import { expect } from 'vitest'
import { startSmtpInbox, type SmtpInbox } from '#test/support/smtp-inbox.ts'
import { createPublishedPost, loginCookie, type ServerProcess } from './server-process.ts'

/** `n` confirmed subscribers, as rows of the subscribers table. */
export function confirmedSubscribers(n: number, tag: string) {
  const at = new Date().toISOString()
  return Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `reader${i}.${tag}@example.com`,
    status: 'subscribed',
    confirmed_at: at,
    created_at: at,
    updated_at: at,
  }))
}
type Row = ReturnType<typeof confirmedSubscribers>[number]
const COLUMNS = ['id', 'email', 'status', 'confirmed_at', 'created_at', 'updated_at'] as const

/** Subscribers are written straight into the running server's database (another process; SQLite in WAL mode). */
export function insertIntoSqlite(dataDir: string, rows: Row[]): void {
  const file = new SQLite(path.join(dataDir, 'blog.sqlite'))
  try {
    const insert = file.prepare(
      `insert into subscribers (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
    )
    file.transaction(() => rows.forEach((r) => insert.run(...COLUMNS.map((c) => r[c]))))()
  } finally {
    file.close()
  }
}

export async function insertIntoPostgres(url: string, rows: Row[]): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (const r of rows)
      await client.query(
        `insert into subscribers (${COLUMNS.join(', ')}) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
        COLUMNS.map((c) => r[c]),
      )
  } finally {
    await client.end()
  }
}

/** Resolves once every address has at least one message with this subject. */
export async function allReceived(inbox: SmtpInbox, emails: string[], subject: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const missing = emails.filter((e) => !inbox.to(e).some((m) => m.parsed.subject === subject))
    if (!missing.length) return
    if (Date.now() > deadline) throw new Error(`${missing.length} subscribers never got "${subject}"`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Exactly once, as the design defines it: each subscriber holds one distinct Message-ID for the post, and nobody is
 * missing. Returns how many messages arrived in all (a copy sent again after a crash repeats the same Message-ID).
 */
export function expectEachOnce(inbox: SmtpInbox, emails: string[], subject: string): number {
  let total = 0
  const ids = new Map<string, Set<string>>()
  for (const email of emails) {
    const got = inbox.to(email).filter((m) => m.parsed.subject === subject)
    total += got.length
    ids.set(email, new Set(got.map((m) => m.parsed.messageId ?? 'none')))
  }
  const wrong = [...ids].filter(([, set]) => set.size !== 1)
  expect(wrong.map(([email, set]) => `${email}: ${set.size}`)).toEqual([])
  return total
}

/** Resolves once the admin's counts show nothing pending or sending: no further copy can go out after that. */
export async function sendSettled(base: string, cookie: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`${base}/api/admin/newsletter/sends`, { headers: { cookie } })
    const sends = (await res.json()) as Array<{ pending: number; delivered: number; failed: number }>
    if (sends.length && sends.every((s) => s.pending === 0)) return sends
    if (Date.now() > deadline) throw new Error(`the send did not settle: ${JSON.stringify(sends)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * The crash test on either engine: 200 confirmed subscribers, a post published, the server SIGKILLed once some but not
 * all messages arrived, started again on the same data, and every subscriber holding the post exactly once.
 */
export async function sendThroughSigkill(engine: {
  label: string
  start: (env: Record<string, string>) => Promise<ServerProcess>
  insert: (rows: ReturnType<typeof confirmedSubscribers>) => Promise<void> | void
}): Promise<void> {
  const inbox = await startSmtpInbox()
  // A rate that makes the send last a few seconds, and a short claim so the restart takes the rest soon.
  const env = { SMTP_URL: inbox.url, MAIL_RATE: '40', MAIL_CLAIM_SECONDS: '5' }
  let server = await engine.start(env)
  try {
    const subscribers = confirmedSubscribers(200, engine.label)
    await engine.insert(subscribers)
    const emails = subscribers.map((s) => s.email)
    await createPublishedPost(server.base, await loginCookie(server.base), 'Crash letter')

    while (inbox.messages.length < 40) await new Promise((r) => setTimeout(r, 20))
    server.child.kill('SIGKILL')
    await server.exited
    const before = inbox.messages.length
    expect(before).toBeLessThan(200)

    server = await engine.start(env)
    await allReceived(inbox, emails, 'Crash letter', 120_000)
    expect(await sendSettled(server.base, await loginCookie(server.base), 60_000)).toEqual([
      expect.objectContaining({ delivered: 200, failed: 0, pending: 0 }),
    ])
    const total = expectEachOnce(inbox, emails, 'Crash letter')
    console.log(
      `newsletter crash (${engine.label}): ${before} arrived before SIGKILL, ${total} messages in all for 200`,
    )
  } finally {
    await server.stop()
    await inbox.close()
  }
}
