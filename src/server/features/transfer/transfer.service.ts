import type { ImportReport } from '#shared/schemas/backup.ts'
import { bumpContentVersion } from '../../cache/content-version.repo.ts'
import type { Db } from '../../db/client.ts'
import { ADMIN_ROLE } from '../auth/auth.service.ts'
import { recount } from '../posts/posts.service.ts'
import { openInput } from './archive/open-input.ts'
import type { Source } from './archive/source.ts'
import type { ImportRun } from './merge.ts'
import type { TransferModel } from './model.ts'
import { readBackup } from './read/backup.ts'
import { detectFormat, type Detected } from './read/detect.ts'
import { platformModel, type ForeignSite } from './read/foreign.ts'
import { readGhostExport } from './read/ghost.ts'
import { readMarkdownSite } from './read/markdown.ts'
import { readWordPressExport } from './read/wordpress.ts'
import { createReport } from './report.ts'
import { findUserByRole, truncateWriteAheadLog } from './transfer.repo.ts'
import { writeModel } from './write.ts'

export { writeBackup, backupFileName } from './backup-export.ts'
export { writeScheduledBackup } from './transfer.schedule.ts'

export type ImportInput = {
  /** A file or folder on the server: uploads arrive as temp files. */
  file: string
  /** The name the user gave it (an upload's file name), for telling a lone Markdown file by its extension. */
  name?: string
  media?: string
  mediaName?: string
  dryRun: boolean
  now: Date
  /**
   * `npm run import -- --with-secrets`: a backup's sessions, second factors, recovery codes and password hash are
   * restored, and only into a blog with no admin yet. Never set for an import through the admin.
   */
  withSecrets?: boolean
  /** Keep links to pictures the media lacks (they show broken) instead of leaving them out; listed either way. */
  keepMissingImages?: boolean
  onProgress?: ImportRun['progress']
}

class DryRunDone extends Error {}

async function readForeign(source: Source, detected: Detected): Promise<ForeignSite> {
  if (detected.format === 'ghost') return readGhostExport(source, detected.entry!)
  if (detected.format === 'wordpress') return readWordPressExport(source, detected.entry!)
  return readMarkdownSite(source)
}

/** Any source read into the one model: a backup streamed, another platform's export read and checked whole. */
async function readModel(source: Source, media: Source | null, detected: Detected, now: Date): Promise<TransferModel> {
  if (detected.format === 'backup') return readBackup(source)
  const site = await readForeign(source, detected)
  return platformModel(detected.format, site, media ?? (source.kind === 'file' ? null : source), now)
}

/**
 * Imports a backup or another platform's export in one transaction: all of it, or (on any error, or for a dry run)
 * none of it. Read, then merged and written (write.ts), every record checked as the API checks it (validate.ts).
 */
export async function runImport(db: Db, input: ImportInput): Promise<ImportReport> {
  const opened: Source[] = []
  try {
    const source = await openInput(input.file, input.name)
    opened.push(source)
    const media = input.media ? await openInput(input.media, input.mediaName) : null
    if (media) opened.push(media)
    const detected = await detectFormat(source)
    const report = createReport(detected.format, input.dryRun)
    const progress = input.onProgress ?? (() => {})
    progress('reading', 0, null)
    const model = await readModel(source, media, detected, input.now)
    try {
      await db.transaction().execute(async (trx) => {
        const withSecrets = !!input.withSecrets && !(await findUserByRole(trx, ADMIN_ROLE))
        if (input.withSecrets && !withSecrets)
          report.warn('--with-secrets restores sessions and second factors only into a blog with no admin yet')
        const run: ImportRun = {
          db: trx,
          now: input.now,
          report,
          progress,
          counters: new Set(),
          withSecrets,
          keepMissingImages: !!input.keepMissingImages,
        }
        await writeModel(run, model)
        progress('counting', 0, null)
        await recount(trx, [...run.counters])
        if (input.dryRun) throw new DryRunDone()
      })
    } catch (error) {
      if (!(error instanceof DryRunDone)) throw error
      await truncateWriteAheadLog(db)
    }
    // Every instance drops its page cache (the import may have run from the command line).
    if (!input.dryRun) await bumpContentVersion(db)
    progress('done', 1, 1)
    return report.build()
  } finally {
    for (const source of opened) await source.close()
  }
}
