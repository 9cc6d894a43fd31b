import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImport, writeScheduledBackup } from '#server/features/transfer/transfer.service.ts'
import { loadEnv } from '#server/env.ts'
import { appWithEnv } from '../helpers.ts'
import type { App } from '#server/context.ts'

describe('scheduled backups (BACKUP_EVERY, BACKUP_KEEP)', () => {
  let app: App
  let close: () => Promise<void>
  let dir: string

  beforeAll(async () => {
    ;({ app, close } = await appWithEnv({ BACKUP_EVERY: '1s', BACKUP_KEEP: '2' }))
    dir = path.join(app.ctx.env.dataDir, 'backups')
  })
  afterAll(async () => close?.())

  it('writes whole backups into DATA_DIR/backups on its own, never leaving a partial file behind', async () => {
    let files: string[] = []
    for (let i = 0; i < 200 && files.length === 0; i++) {
      files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.zip'))
      if (!files.length) await new Promise((r) => setTimeout(r, 100))
    }
    expect(files[0]).toMatch(/^lab-blog-backup-[\d-]+\.zip$/)
    const report = await runImport(app.ctx.db, { file: path.join(dir, files[0]!), dryRun: true, now: new Date() })
    expect(report.format).toBe('backup')
  })

  it('keeps only the newest BACKUP_KEEP', async () => {
    // An instance without the schedule, so nothing else writes into its folder meanwhile.
    const quiet = await appWithEnv({})
    try {
      let tick = Date.parse('2030-01-01T00:00:00Z')
      const clocked = Object.create(quiet.app, {
        ctx: { value: { ...quiet.app.ctx, clock: () => new Date((tick += 1000)) } },
      }) as App
      const folder = path.join(quiet.app.ctx.env.dataDir, 'backups')
      for (let i = 0; i < 4; i++) await writeScheduledBackup(clocked, folder, 2)
      const left = (await readdir(folder)).sort()
      expect(left.filter((f) => f.endsWith('.partial'))).toEqual([])
      expect(left).toEqual(['lab-blog-backup-2030-01-01-00-00-03.zip', 'lab-blog-backup-2030-01-01-00-00-04.zip'])
    } finally {
      await quiet.close()
    }
  })

  it('reads BACKUP_EVERY as a number and a unit', () => {
    expect(loadEnv({ BACKUP_EVERY: '24h' }).backups).toEqual({ everyMs: 86_400_000, keep: 7 })
    expect(loadEnv({}).backups).toBeNull()
    expect(() => loadEnv({ BACKUP_EVERY: 'daily' })).toThrow(/BACKUP_EVERY/)
  })
})
