import type { ImportReport } from '#shared/schemas/backup.ts'
import { bumpContentVersion } from '../../cache/content-version.repo.ts'
import type { Db } from '../../db/client.ts'
import { restoreBackup } from '../backup/backup.restore.ts'
import { recount } from '../posts/posts.repo.ts'
import { openInput } from './archive/open-input.ts'
import type { Source } from './archive/source.ts'
import { detectFormat, type Detected } from './import.detect.ts'
import type { ForeignSite } from './foreign.ts'
import { writeForeignSite } from './foreign.write.ts'
import type { ImportRun } from './import.merge.ts'
import { createReport } from './import.report.ts'
import { readGhostExport } from './ghost/ghost.ts'
import { readMarkdownSite } from './markdown/markdown-site.ts'
import { readWordPressExport } from './wordpress/wxr.ts'

export type ImportInput = {
  /** A file or folder on the server: uploads arrive as temp files. */
  file: string
  /** The name the user gave it (an upload's file name), for telling a lone Markdown file by its extension. */
  name?: string
  media?: string
  mediaName?: string
  dryRun: boolean
  now: Date
  onProgress?: ImportRun['progress']
}

class DryRunDone extends Error {}

async function readForeign(source: Source, detected: Detected): Promise<ForeignSite> {
  if (detected.format === 'ghost') return readGhostExport(source, detected.entry!)
  if (detected.format === 'wordpress') return readWordPressExport(source, detected.entry!)
  return readMarkdownSite(source)
}

/**
 * Imports a backup or another platform's export in one transaction: all of it, or (on any error, or for a dry run)
 * none of it. Exports from other platforms are read and checked whole before anything is written.
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
    const site = detected.format === 'backup' ? null : await readForeign(source, detected)
    try {
      await db.transaction().execute(async (trx) => {
        const run: ImportRun = { db: trx, now: input.now, report, progress, counters: new Set() }
        if (site) await writeForeignSite(run, site, media ?? (source.kind === 'file' ? null : source))
        else await restoreBackup(run, source)
        progress('counting', 0, null)
        await recount(trx, [...run.counters])
        if (input.dryRun) throw new DryRunDone()
      })
    } catch (error) {
      if (!(error instanceof DryRunDone)) throw error
    }
    // Every instance drops its page cache (the import may have run from the command line).
    if (!input.dryRun) await bumpContentVersion(db)
    progress('done', 1, 1)
    return report.build()
  } finally {
    for (const source of opened) await source.close()
  }
}
