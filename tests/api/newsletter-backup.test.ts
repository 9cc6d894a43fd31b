import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { runImport, writeBackup } from '#server/features/transfer/transfer.service.ts'
import { manualClock } from '#test/support/manual-clock.ts'
import { smtpRefusal, startSmtpInbox } from '#test/support/smtp-inbox.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { insertSubscribers } from './newsletter.fixtures.ts'
import { adminCookie, MINUTE } from './posts.fixtures.ts'

const IDLE = 24 * 60 * MINUTE
const apps: TestApp[] = []
const closers: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const t of apps) await t.close()
  for (const close of closers) await close()
})

describe('backups carry the newsletter sends', () => {
  it('a restore neither emails the sent posts again nor loses what was pending', async () => {
    const refused = new Set(['later@example.com'])
    const inbox = await startSmtpInbox(0, { refuseRecipient: (a) => (refused.has(a) ? smtpRefusal(451) : null) })
    closers.push(inbox.close)
    const dir = await mkdtemp(path.join(os.tmpdir(), 'newsletter-backup-'))
    closers.push(() => rm(dir, { recursive: true, force: true }))
    const env = { SMTP_URL: inbox.url, MAIL_RATE: '0' }
    const clock = manualClock('2026-06-01T10:00:00.000Z')
    const original = await createTestApp({ clock, env, newsletterEveryMs: IDLE })
    apps.push(original)
    const cookie = await adminCookie(original)
    await insertSubscribers(original, ['now@example.com', 'later@example.com'])
    const publish = async (title: string, extra = {}) => {
      const res = await original.request({
        method: 'POST',
        url: '/api/posts',
        cookie,
        payload: { title, content: 'Words.', status: 'published', ...extra },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    await publish('Sent before the backup')
    await publish('Not emailed', { sendNewsletter: false })
    await original.app.sendNewsletters()
    expect(inbox.to('now@example.com')).toHaveLength(1)
    expect(inbox.to('later@example.com')).toHaveLength(0)

    const file = path.join(dir, 'backup.zip')
    const out = createWriteStream(file)
    await writeBackup({ db: original.app.ctx.db, engine: original.app.ctx.engine, dataDir: original.dataDir }, out, {
      withSecrets: false,
      now: clock(),
    })
    await finished(out)

    const later = manualClock('2026-06-01T11:00:00.000Z')
    const restored = await createTestApp({ clock: later, env, withAdmin: false, newsletterEveryMs: IDLE })
    apps.push(restored)
    const report = await runImport(restored.app.ctx.db, { file, dryRun: false, now: later(), withSecrets: false })
    expect(report.skippedCount).toBe(0)
    expect(report.created).toMatchObject({ subscribers: 2, newsletterSends: 2, newsletterDeliveries: 2 })
    const sends = await restored.app.ctx.db.selectFrom('newsletter_sends').selectAll().orderBy('skipped').execute()
    expect(sends.map((s) => Number(s.skipped))).toEqual([0, 1])

    refused.clear()
    await restored.app.sendNewsletters()
    // The post already sent goes only to the one it had not reached; the skipped post to nobody.
    expect(inbox.to('now@example.com')).toHaveLength(1)
    expect(inbox.to('later@example.com').map((m) => m.parsed.subject)).toEqual(['Sent before the backup'])
    const counts = await restored.app.ctx.db
      .selectFrom('newsletter_deliveries')
      .select(['status'])
      .orderBy('status')
      .execute()
    expect(counts.map((c) => c.status)).toEqual(['sent', 'sent'])
  })
})
