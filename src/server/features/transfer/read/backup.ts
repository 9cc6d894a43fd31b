import type { z } from 'zod'
import { AppError } from '../../../errors.ts'
import { readEntryBytes, readEntryText, type Source } from '../archive/source.ts'
import {
  DATA_KINDS,
  FORMAT_NAME,
  FORMAT_VERSION,
  MANIFEST_PATH,
  MEDIA_DIR,
  ManifestSchema,
  RecordSchemas,
  dataPath,
  type DataKind,
  type Manifest,
  type Records,
} from '../backup-format.ts'
import type { TransferModel } from '../model.ts'
import { readJsonLines } from './jsonl.ts'

const MAX_IMAGE_BYTES = 64 * 1024 * 1024

export async function readManifest(source: Source): Promise<Manifest> {
  let raw: unknown
  try {
    raw = JSON.parse(await readEntryText(source, MANIFEST_PATH, 1024 * 1024))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(400, 'manifest.json is not valid JSON')
  }
  const head = raw as { format?: unknown; version?: unknown }
  if (head?.format !== FORMAT_NAME) throw new AppError(400, 'manifest.json does not describe a backup of this blog')
  if (typeof head.version === 'number' && head.version > FORMAT_VERSION) {
    throw new AppError(
      400,
      `This backup was made by a newer version of the blog (format ${head.version}); this one reads format ${FORMAT_VERSION} and older. Update the blog, then import it again.`,
    )
  }
  const parsed = ManifestSchema.safeParse(raw)
  if (!parsed.success)
    throw new AppError(
      400,
      `manifest.json: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
    )
  return parsed.data
}

async function* recordsOf<K extends DataKind>(source: Source, kind: K): AsyncGenerator<Records[K]> {
  const path = dataPath(kind)
  if (!source.has(path)) return
  yield* readJsonLines(await source.open(path), path, RecordSchemas[kind] as unknown as z.ZodType<Records[K]>)
}

/** A backup of this blog (docs/backup-format.md), its records streamed from the archive one line at a time. */
export async function readBackup(source: Source): Promise<TransferModel> {
  const manifest = await readManifest(source)
  for (const kind of DATA_KINDS)
    if ((manifest.counts[kind] ?? 0) > 0 && !source.has(dataPath(kind)))
      throw new AppError(400, `${dataPath(kind)} is missing from the backup`)
  return {
    format: 'backup',
    origin: 'backup',
    records: (kind) => recordsOf(source, kind),
    count: (kind) => manifest.counts[kind] ?? null,
    imageBytes: async (fileName) => {
      const path = `${MEDIA_DIR}${fileName}`
      return source.has(path) ? readEntryBytes(source, path, MAX_IMAGE_BYTES) : null
    },
    media: null,
    attachments: [],
    warnings: [],
  }
}
