import type { ImportFormat } from '#shared/schemas/backup.ts'
import type { Source } from './archive/source.ts'
import type { DataKind, Records } from './backup-format.ts'
import type { CheckedRecord } from './validate.ts'

/** What the records of each kind carry: a backup's record, plus what only a post or page from another platform has. */
export type ModelRecords = Omit<Records, 'posts' | 'footerPages' | 'redirects'> & {
  /** `baseDir`: where the post's relative image references are resolved from (a Markdown file's folder). */
  posts: Records['posts'] & { baseDir?: string }
  footerPages: Records['footerPages'] & { baseDir?: string }
  /** `forPost` / `forPage`: an old address of that post or page, written only when it is. */
  redirects: Records['redirects'] & { forPost?: string; forPage?: string }
}

/**
 * The one shape every source is read into before anything is merged and written: the records of each kind, in
 * the order they are written (each kind refers only to kinds before it). A backup streams its records from the
 * archive; other platforms' exports are read whole first and handed on the same way.
 */
export type TransferModel = {
  format: ImportFormat
  /** `backup`: ids and placement are kept. `platform`: everything is new here, pages arrive inactive. */
  origin: 'backup' | 'platform'
  records: <K extends DataKind>(kind: K) => AsyncIterable<ModelRecords[K]>
  /** The records already checked where they were read (a worker thread), each with its name or its refusal. */
  checkedRecords?: <K extends DataKind>(kind: K) => AsyncIterable<CheckedRecord<ModelRecords[K]>>
  /** How many records of a kind to expect, for progress; null when unknown. */
  count: (kind: DataKind) => number | null
  /** The bytes of an uploaded original a backup carries (null when it is missing from the archive). */
  imageBytes: (fileName: string) => Promise<Buffer | null>
  /** Where the pictures a platform's content points at are looked up (they become uploads); null for a backup. */
  media: Source | null
  /** Pictures the source lists on their own (WordPress attachments), imported when the media has them. */
  attachments: string[]
  warnings: string[]
}

/** Posts from other platforms name no user of ours: they belong to the admin (or the placeholder until there is one). */
export const PLATFORM_AUTHOR = 'platform-author'
