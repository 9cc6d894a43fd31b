import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { App } from '../../context.ts'
import { writeBackup } from './backup-export.ts'
import { backupFileName } from './backup-export.ts'

const BACKUP_FILE = /^lab-blog-backup-[\d-]+\.zip$/
const FIRST_RUN_DELAY_MS = 10_000

async function newestBackupAt(dir: string): Promise<number | null> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_FILE.test(n)).sort()
  const newest = names.at(-1)
  return newest ? (await stat(path.join(dir, newest))).mtimeMs : null
}

/** Writes one backup beside the others: to a .partial file, flushed to disk, then renamed, so no torn file ever has the final name. */
export async function writeScheduledBackup(app: App, dir: string, keep: number): Promise<string> {
  await mkdir(dir, { recursive: true })
  const now = app.ctx.clock()
  const file = path.join(dir, backupFileName(now))
  const partial = `${file}.partial`
  try {
    await writeBackup(
      { db: app.ctx.db, engine: app.ctx.engine, dataDir: app.ctx.env.dataDir },
      createWriteStream(partial),
      { withSecrets: false, now },
    )
    const handle = await open(partial, 'r+')
    await handle.sync()
    await handle.close()
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  const names = (await readdir(dir)).filter((n) => BACKUP_FILE.test(n)).sort()
  for (const old of names.slice(0, Math.max(0, names.length - keep))) await rm(path.join(dir, old), { force: true })
  return file
}

/** BACKUP_EVERY / BACKUP_KEEP: backups into DATA_DIR/backups, counted from the newest one there (restarts do not reset the clock). */
export function registerScheduledBackups(app: App): void {
  const settings = app.ctx.env.backups
  if (!settings) return
  const dir = path.join(app.ctx.env.dataDir, 'backups')
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let closed = false

  const schedule = (delay: number) => {
    if (closed) return
    timer = setTimeout(() => {
      running = writeScheduledBackup(app, dir, settings.keep)
        .then((file) => app.log.info({ file }, 'scheduled backup written'))
        .catch((err) => app.log.error({ err }, 'scheduled backup failed'))
        .finally(() => schedule(settings.everyMs))
    }, delay)
    timer.unref()
  }
  app.addHook('onReady', async () => {
    const last = await newestBackupAt(dir)
    schedule(
      last === null
        ? Math.min(FIRST_RUN_DELAY_MS, settings.everyMs)
        : Math.max(0, last + settings.everyMs - Date.now()),
    )
  })
  app.addHook('onClose', async () => {
    closed = true
    clearTimeout(timer)
    await running
  })
}
