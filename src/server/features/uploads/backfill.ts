import type { App } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { uploadOf } from '#shared/images/variants.ts'
import { paths } from '#shared/paths.ts'
import { cleanOriginal, hasMetadata, inspectImage, makeVariants } from './image-pipeline.ts'
import * as repo from './backfill.repo.ts'
import { toNewVariant, VARIANTS_VERSION } from './uploads.service.ts'

const LEASE_MS = 10 * 60 * 1000
export const BACKFILL_EVERY_MS = 10 * 60 * 1000

export type BackfillStep = 'processed' | 'failed' | 'none'

/**
 * Brings one upload's variants to the current version: the oldest pending upload no other instance is working on.
 * The original is re-encoded only while it still carries metadata (uploads from before sharp kept the EXIF
 * orientation), so remaking variants later never costs the original any quality.
 */
export async function backfillOne(db: Db, now: Date): Promise<BackfillStep> {
  const at = now.toISOString()
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = await repo.findNextPending(db, VARIANTS_VERSION, at)
    if (!next) return 'none'
    if (!(await repo.claim(db, next.id, VARIANTS_VERSION, at, new Date(now.getTime() + LEASE_MS).toISOString())))
      continue
    const row = await repo.findForProcessing(db, next.id)
    const ext = row && uploadOf(paths.upload(row.file_name))?.ext
    if (!row || !ext) return 'none'
    const bytes = Buffer.from(row.bytes)
    try {
      const inspected = await inspectImage(bytes, ext)
      const cleaned = (await hasMetadata(bytes)) ? await cleanOriginal(bytes, ext, inspected.frames) : null
      const { color, variants } = await makeVariants(cleaned ?? bytes, ext, inspected)
      const fields = {
        width: inspected.width,
        height: inspected.height,
        frames: inspected.frames,
        dominant_color: color,
        ...(cleaned ? { bytes: cleaned } : {}),
      }
      const rows = variants.map((v) => toNewVariant(row.file_name.slice(0, 64), v))
      await repo.saveProcessed(db, next.id, fields, rows, VARIANTS_VERSION, at)
      return 'processed'
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      await repo.markFailed(db, next.id, VARIANTS_VERSION, error.message)
      return 'failed'
    }
  }
  return 'none'
}

/** Works through every pending upload, one at a time, until none is left or `shouldStop` says so. */
export async function backfillAll(
  db: Db,
  clock: () => Date,
  shouldStop: () => boolean = () => false,
): Promise<{ processed: number; failed: number }> {
  const done = { processed: 0, failed: 0 }
  while (!shouldStop()) {
    const step = await backfillOne(db, clock())
    if (step === 'none') break
    done[step]++
  }
  return done
}

/**
 * Uploads from before variants existed get them in the background once the server is ready, and again every ten
 * minutes (an instance that stopped mid-way leaves a lease that expires). Readers are never blocked: until a
 * variant exists, the first request for it makes it.
 */
export function registerImageBackfill(app: App, everyMs = BACKFILL_EVERY_MS): void {
  let running: Promise<unknown> | null = null
  let closing = false
  const run = () => {
    if (running || closing) return
    running = backfillAll(app.ctx.db, app.ctx.clock, () => closing)
      .then((done) => {
        if (done.processed || done.failed) app.log.info(done, 'image variants made for earlier uploads')
      })
      .catch((err) => app.log.error({ err }, 'image backfill failed'))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(run, everyMs)
  timer.unref()
  app.addHook('onReady', async () => run())
  app.addHook('onClose', async () => {
    closing = true
    clearInterval(timer)
    await running
  })
}
