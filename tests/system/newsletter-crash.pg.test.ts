import { afterAll, describe, expect, it } from 'vitest'
import { startSmtpInbox } from '#test/support/smtp-inbox.ts'
import {
  createPublishedPost,
  loginCookie,
  removeDirs,
  startServer,
  tempDataDir,
  testDatabase,
  type TestDatabase,
} from './server-process.ts'
import {
  allReceived,
  sendSettled,
  confirmedSubscribers,
  expectEachOnce,
  insertIntoPostgres,
  sendThroughSigkill,
} from './newsletter-send.ts'

// Runs only in the 'system' project when TEST_DATABASE_URL is set (see vitest.config.ts).
const dirs: string[] = []
const databases: TestDatabase[] = []
async function freshDatabase(): Promise<string> {
  const database = testDatabase('blog_newsletter')
  await database.create()
  databases.push(database)
  return database.url
}
const dataDir = () => {
  const dir = tempDataDir()
  dirs.push(dir)
  return dir
}

afterAll(async () => {
  removeDirs(dirs)
  for (const database of databases) await database.drop()
})

describe('newsletter on PostgreSQL', () => {
  it('each of 200 subscribers gets the post exactly once after a SIGKILL mid-send and a restart', async () => {
    const url = await freshDatabase()
    const dir = dataDir()
    await sendThroughSigkill({
      label: 'PostgreSQL',
      start: (env) => startServer({ dataDir: dir, databaseUrl: url, env }),
      insert: (rows) => insertIntoPostgres(url, rows),
    })
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
