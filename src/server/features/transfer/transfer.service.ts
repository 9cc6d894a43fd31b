import type { ImportReport } from '#shared/schemas/backup.ts'
import { bumpContentVersion } from '../../cache/content-version.repo.ts'
import type { Db } from '../../db/client.ts'
import { ADMIN_ROLE } from '../auth/auth.service.ts'
import { recount } from '../posts/posts.service.ts'
import type { ImportRun } from './merge.ts'
import type { TransferModel } from './model.ts'
import { readInput, type InputFiles } from './read/read-input.ts'
import { createReport } from './report.ts'
import { findUserByRole, truncateWriteAheadLog } from './transfer.repo.ts'
import { writeModel } from './write.ts'

export { writeBackup, backupFileName } from './backup-export.ts'
export { writeScheduledBackup } from './transfer.schedule.ts'

export type ImportInput = InputFiles & {
  dryRun: boolean
  /**
   * `npm run import -- --with-secrets`: a backup's sessions, second factors, recovery codes and password hash are
   * restored, and only into a blog with no admin yet. Never set for an import through the admin.
   */
  withSecrets?: boolean
  /** Keep links to pictures the media lacks (they show broken) instead of leaving them out; listed either way. */
  keepMissingImages?: boolean
  onProgress?: ImportRun['progress']
  /** Throws to roll the import back at the last moment (its worker went past a cap meanwhile). */
  beforeCommit?: () => void
}

class DryRunDone extends Error {}

/**
 * Imports a backup or another platform's export in one transaction: all of it, or (on any error, or for a dry run)
 * none of it. Read (read/read-input.ts), then merged and written (write.ts), every record checked as the API
 * checks it (validate.ts). The command line runs it here; the admin's imports read in a worker (import-job.ts).
 */
export async function runImport(db: Db, input: ImportInput): Promise<ImportReport> {
  const progress = input.onProgress ?? (() => {})
  progress('reading', 0, null)
  const read = await readInput(input)
  try {
    return await writeImport(db, read.model, input)
  } finally {
    await read.close()
  }
}

/** Merges and writes a model read from any source, in one transaction; a dry run rolls back and leaves no WAL. */
export async function writeImport(
  db: Db,
  model: TransferModel,
  input: Omit<ImportInput, 'file'>,
): Promise<ImportReport> {
  const report = createReport(model.format, input.dryRun)
  const progress = input.onProgress ?? (() => {})
  try {
    await db.transaction().execute(async (trx) => {
      const withSecrets = !!input.withSecrets && !(await findUserByRole(trx, ADMIN_ROLE))
      if (input.withSecrets && !withSecrets)
        report.warn(
          '--with-secrets restores sessions, second factors and fediverse keys only into a blog with no admin yet',
        )
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
      input.beforeCommit?.()
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
}
