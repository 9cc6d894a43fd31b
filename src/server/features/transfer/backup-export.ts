import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yazl from 'yazl'
import { withReadSnapshot, type SnapshotTarget } from '../../db/read-snapshot.ts'
import type { Db } from '../../db/client.ts'
import {
  DATA_KINDS,
  SECRET_KINDS,
  FORMAT_NAME,
  FORMAT_VERSION,
  MANIFEST_PATH,
  MEDIA_DIR,
  dataPath,
  type DataKind,
  type Manifest,
} from './backup-format.ts'
import { countRows, imageBytes, walkers } from './export.repo.ts'

export type ExportProgress = { phase: DataKind | 'media'; done: number; total: number }
export type ExportOptions = { withSecrets: boolean; now: Date; onProgress?: (p: ExportProgress) => void }
export type ExportSummary = { counts: Record<DataKind, number>; bytes: number }

const CHUNK_BYTES = 64 * 1024

/** One JSON object a line, handed on in chunks of about 64 KB. */
async function* jsonLines(records: AsyncIterable<unknown>, onLine: () => void): AsyncGenerator<Buffer> {
  let pending = ''
  for await (const record of records) {
    pending += `${JSON.stringify(record)}\n`
    onLine()
    if (pending.length >= CHUNK_BYTES) {
      yield Buffer.from(pending)
      pending = ''
    }
  }
  if (pending) yield Buffer.from(pending)
}

async function imageNames(db: Db): Promise<string[]> {
  const names: string[] = []
  for await (const image of walkers.images(db, false)) names.push(image.fileName)
  return names
}

/**
 * Streams the whole blog as one zip into `out`: the manifest, then each kind as JSON lines read a page at a time,
 * then every uploaded original fetched one by one as the zip reaches it. Everything is read from one snapshot.
 */
export async function writeBackup(target: SnapshotTarget, out: Writable, opts: ExportOptions): Promise<ExportSummary> {
  return withReadSnapshot(target, async (db) => {
    const counts = {} as Record<DataKind, number>
    for (const kind of DATA_KINDS)
      counts[kind] = SECRET_KINDS.has(kind) && !opts.withSecrets ? 0 : await countRows(db, kind)
    const manifest: Manifest = {
      format: FORMAT_NAME,
      version: FORMAT_VERSION,
      createdAt: opts.now.toISOString(),
      app: 'lab-blog',
      engine: target.engine,
      withSecrets: opts.withSecrets,
      counts,
    }
    const zip = new yazl.ZipFile()
    let bytes = 0
    const counted = async function* (source: AsyncIterable<Buffer | string>) {
      for await (const chunk of source) {
        bytes += Buffer.byteLength(chunk)
        yield chunk
      }
    }
    const written = pipeline(zip.outputStream, counted, out)
    const mtime = opts.now
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_PATH, { mtime })
    for (const kind of DATA_KINDS) {
      if (SECRET_KINDS.has(kind) && !opts.withSecrets) continue
      let done = 0
      zip.addReadStreamLazy(dataPath(kind), { mtime }, (cb) => {
        const lines = jsonLines(walkers[kind](db, opts.withSecrets), () => {
          done++
          if (done % 500 === 0 || done === counts[kind]) opts.onProgress?.({ phase: kind, done, total: counts[kind] })
        })
        cb(null, Readable.from(lines, { objectMode: false }))
      })
    }
    const images = await imageNames(db)
    images.forEach((name, i) => {
      // Already-compressed pictures are stored as they are; each is read from the database only when its turn comes.
      zip.addReadStreamLazy(`${MEDIA_DIR}${name}`, { mtime, compress: false }, (cb) => {
        imageBytes(db, name).then(
          (stored) => {
            opts.onProgress?.({ phase: 'media', done: i + 1, total: images.length })
            cb(null, Readable.from([Buffer.from(stored ?? new Uint8Array())]))
          },
          (error: Error) => cb(error, undefined as never),
        )
      })
    })
    zip.end()
    await written
    return { counts, bytes }
  })
}

export const backupFileName = (now: Date) =>
  `lab-blog-backup-${now.toISOString().slice(0, 19).replace(/[T:]/g, '-')}.zip`
