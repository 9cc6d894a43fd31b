import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { startSmtpInbox } from '#test/support/smtp-inbox.ts'
import {
  createPublishedPost,
  loginCookie,
  onTestServer,
  startServer,
  tempDataDir,
  testDatabaseUrl,
  type ServerProcess,
} from './server-process.ts'
import {
  allReceived,
  sendSettled,
  confirmedSubscribers,
  expectEachOnce,
  insertIntoPostgres,
} from './newsletter-send.ts'

// Runs only in the 'system' project when TEST_DATABASE_URL is set (see vitest.config.ts).
const dirs: string[] = []
const databases: string[] = []
async function freshDatabase(): Promise<string> {
  const name = `blog_newsletter_${randomBytes(5).toString('hex')}`
  await onTestServer(`CREATE DATABASE ${name}`)
  databases.push(name)
  return testDatabaseUrl(name)
}
const dataDir = () => {
  const dir = tempDataDir()
  dirs.push(dir)
  return dir
}

afterAll(async () => {
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
  for (const name of databases) await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
})

describe('newsletter on PostgreSQL', () => {
  it('each of 200 subscribers gets the post exactly once after a SIGKILL mid-send and a restart', async () => {
    const inbox = await startSmtpInbox()
    const url = await freshDatabase()
    const dir = dataDir()
    const env = { SMTP_URL: inbox.url, MAIL_RATE: '40', MAIL_CLAIM_SECONDS: '5' }
    let server: ServerProcess = await startServer({ dataDir: dir, databaseUrl: url, env })
    try {
      const subscribers = confirmedSubscribers(200, 'pg')
      await insertIntoPostgres(url, subscribers)
      const emails = subscribers.map((s) => s.email)
      await createPublishedPost(server.base, await loginCookie(server.base), 'Crash letter')

      while (inbox.messages.length < 40) await new Promise((r) => setTimeout(r, 20))
      server.child.kill('SIGKILL')
      await server.exited
      const before = inbox.messages.length
      expect(before).toBeLessThan(200)

      server = await startServer({ dataDir: dir, databaseUrl: url, env })
      await allReceived(inbox, emails, 'Crash letter', 120_000)
      expect(await sendSettled(server.base, await loginCookie(server.base), 60_000)).toEqual([
        expect.objectContaining({ delivered: 200, failed: 0, pending: 0 }),
      ])
      const total = expectEachOnce(inbox, emails, 'Crash letter')
      console.log(`newsletter crash (PostgreSQL): ${before} arrived before SIGKILL, ${total} messages in all for 200`)
    } finally {
      await server.stop()
      await inbox.close()
    }
  })

  it('three instances share the send: each subscriber gets it once, and no message is sent twice', async () => {
    const inbox = await startSmtpInbox()
    const url = await freshDatabase()
    const env = { SMTP_URL: inbox.url, MAIL_RATE: '40' }
    const servers = await Promise.all([0, 1, 2].map(() => startServer({ dataDir: dataDir(), databaseUrl: url, env })))
    try {
      const subscribers = confirmedSubscribers(200, 'multi')
      await insertIntoPostgres(url, subscribers)
      const emails = subscribers.map((s) => s.email)
      await createPublishedPost(servers[0]!.base, await loginCookie(servers[0]!.base), 'Shared letter')
      await allReceived(inbox, emails, 'Shared letter', 120_000)
      expect(await sendSettled(servers[1]!.base, await loginCookie(servers[1]!.base), 60_000)).toEqual([
        expect.objectContaining({ delivered: 200, failed: 0, pending: 0 }),
      ])
      expect(expectEachOnce(inbox, emails, 'Shared letter')).toBe(200)
    } finally {
      await Promise.all(servers.map((s) => s.stop()))
      await inbox.close()
    }
  })
})
