import type { ImportReport } from '#shared/schemas/backup.ts'
import { bumpContentVersion } from '../../cache/content-version.repo.ts'
import type { Db } from '../../db/client.ts'
import { ADMIN_ROLE } from '../auth/auth.service.ts'
import { removePostsWithState } from '../posts/posts.service.ts'
import { inOne, inShortTransactions, type ImportWriter } from './batches.ts'
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
  /** Throws to roll back what is about to commit, the import or its batch (its worker went past a cap meanwhile). */
  beforeCommit?: () => void
}

class DryRunDone extends Error {}

/** Added to the reason an import writing in short transactions stopped, once it had written something. */
export const TAKEN_BACK =
  'The posts it had written were taken back; whatever else it had added (categories, pages, pictures, redirects, settings) stays. Once the cause is fixed, importing the file again adds nothing twice.'
const KEPT_SO_FAR =
  'What it had written could not be taken back: importing the same file again adds what is missing and leaves what is here.'

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

/**
 * Merges and writes a model read from any source. In one transaction (a dry run rolls it back and leaves no WAL),
 * or, with `inShortTransactions`, a batch at a time so readers are answered between batches (the admin's imports):
 * a failure then takes back the posts written so far and says what stays (PartlyImported). A dry run goes batch by
 * batch only into a throwaway copy of the database (`intoThrowawayCopy`): there its commits are harmless.
 */
export async function writeImport(
  db: Db,
  model: TransferModel,
  input: Omit<ImportInput, 'file'> & { inShortTransactions?: boolean; intoThrowawayCopy?: boolean },
): Promise<ImportReport> {
  const report = createReport(model.format, input.dryRun)
  const progress = input.onProgress ?? (() => {})
  const postsWritten = new Set<string>()
  const write = async (writer: ImportWriter) => {
    const withSecrets = !!input.withSecrets && !(await findUserByRole(writer.db, ADMIN_ROLE))
    if (input.withSecrets && !withSecrets)
      report.warn(
        '--with-secrets restores sessions, second factors and fediverse keys only into a blog with no admin yet',
      )
    const run: ImportRun = {
      get db() {
        return writer.db
      },
      writer,
      postsWritten,
      now: input.now,
      report,
      progress,
      withSecrets,
      keepMissingImages: !!input.keepMissingImages,
    }
    await writeModel(run, model)
  }
  if (input.inShortTransactions && (!input.dryRun || input.intoThrowawayCopy)) {
    const writer = inShortTransactions(db, input.beforeCommit)
    try {
      await write(writer)
    } catch (error) {
      await writer.abandon()
      if (input.dryRun || !Object.values(report.build().created).some((n) => n > 0)) throw error
      throw new PartlyImported(error, await takeBack(db, [...postsWritten]))
    }
  } else {
    try {
      await db.transaction().execute(async (trx) => {
        await write(inOne(trx))
        input.beforeCommit?.()
        if (input.dryRun) throw new DryRunDone()
      })
    } catch (error) {
      if (!(error instanceof DryRunDone)) throw error
      await truncateWriteAheadLog(db)
    }
  }
  // Every instance drops its page cache (the import may have run from the command line).
  if (!input.dryRun) await bumpContentVersion(db)
  progress('done', 1, 1)
  return report.build()
}

/** Removes the posts a failed import wrote; what that leaves behind, in words. */
async function takeBack(db: Db, posts: string[]): Promise<string> {
  try {
    await removePostsWithState(db, posts)
    return TAKEN_BACK
  } catch {
    return KEPT_SO_FAR
  } finally {
    await bumpContentVersion(db).catch(() => {})
  }
}

/** An import that stopped after committing some of its batches: the cause, and what stays of it. */
export class PartlyImported extends Error {
  constructor(
    readonly reason: unknown,
    message: string,
  ) {
    super(message)
  }
}
