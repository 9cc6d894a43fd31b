import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { startSmtpInbox } from '#test/support/smtp-inbox.ts'
import { createPublishedPost, loginCookie, startServer, tempDataDir, type ServerProcess } from './server-process.ts'
import { allReceived, sendSettled, confirmedSubscribers, expectEachOnce, insertIntoSqlite } from './newsletter-send.ts'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

describe('newsletter through SIGKILL on SQLite', () => {
  it('each of 200 subscribers gets the post exactly once after a crash mid-send and a restart', async () => {
    const inbox = await startSmtpInbox()
    const dataDir = tempDataDir()
    dirs.push(dataDir)
    // A rate that makes the send last a few seconds, and a short claim so the restart takes the rest soon.
    const env = { SMTP_URL: inbox.url, MAIL_RATE: '40', MAIL_CLAIM_SECONDS: '5' }
    let server: ServerProcess = await startServer({ dataDir, env })
    try {
      const subscribers = confirmedSubscribers(200, 'sqlite')
      insertIntoSqlite(dataDir, subscribers)
      const emails = subscribers.map((s) => s.email)
      const cookie = await loginCookie(server.base)
      await createPublishedPost(server.base, cookie, 'Crash letter')

      while (inbox.messages.length < 40) await new Promise((r) => setTimeout(r, 20))
      server.child.kill('SIGKILL')
      await server.exited
      const before = inbox.messages.length
      expect(before).toBeLessThan(200)

      server = await startServer({ dataDir, env })
      await allReceived(inbox, emails, 'Crash letter', 120_000)
      expect(await sendSettled(server.base, await loginCookie(server.base), 60_000)).toEqual([
        expect.objectContaining({ delivered: 200, failed: 0, pending: 0 }),
      ])
      const total = expectEachOnce(inbox, emails, 'Crash letter')
      console.log(`newsletter crash (SQLite): ${before} arrived before SIGKILL, ${total} messages in all for 200`)
    } finally {
      await server.stop()
      await inbox.close()
    }
  })
})
