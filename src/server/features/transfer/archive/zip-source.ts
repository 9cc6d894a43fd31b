import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { AppError } from '../../../errors.ts'
import { assertSafePath, badInput, type Source, type SourceEntry } from './source.ts'

/** Limits that keep a hostile archive (zip bomb, millions of entries) from exhausting memory or disk. */
export const ZIP_LIMITS = {
  entries: 200_000,
  entryBytes: 2 * 1024 ** 3,
  totalBytes: 32 * 1024 ** 3,
  /** Deflate on real text rarely passes 20:1; a bomb is near 1000:1. */
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
}

const CORRUPT = 'The archive is damaged or not a complete zip file'

function friendly(error: unknown): Error {
  if (error instanceof AppError) return error
  const message = error instanceof Error ? error.message : String(error)
  if (/invalid relative path|absolute path|invalid characters in fileName/.test(message)) {
    return new AppError(400, `The archive holds an unsafe path: ${message.replace(/^.*?: /, '')}`)
  }
  if (/too many bytes|too few bytes|does not match/.test(message))
    return new AppError(400, 'The archive lies about the size of its files (refused as a possible zip bomb)')
  if (/encrypted/.test(message)) return new AppError(400, 'Encrypted archives are not supported')
  return new AppError(400, CORRUPT)
}

/**
 * Opens a zip from a file on disk (random access: nothing is held in memory but the directory). Every entry is
 * checked before anything is read: a path that could leave the archive, an entry or total size past the limits,
 * or a compression ratio only a zip bomb has, refuses the whole archive. yauzl then enforces the declared sizes
 * while inflating, so a header that lies fails too.
 */
export async function openZipSource(file: string, name: string): Promise<Source> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(file, { autoClose: false, strictFileNames: true, validateEntrySizes: true })
  } catch (error) {
    throw friendly(error)
  }
  const byPath = new Map<string, yauzl.Entry>()
  let total = 0
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue
      assertSafePath(entry.fileName)
      if (byPath.size >= ZIP_LIMITS.entries) badInput(`The archive has more than ${ZIP_LIMITS.entries} files`)
      if (entry.isEncrypted()) badInput('Encrypted archives are not supported')
      if (!entry.canDecodeFileData())
        badInput(`${entry.fileName} uses a compression method this importer does not read`)
      const size = entry.uncompressedSize
      total += size
      if (size > ZIP_LIMITS.entryBytes || total > ZIP_LIMITS.totalBytes)
        throw new AppError(
          413,
          'The archive unpacks to more than this importer accepts (refused as a possible zip bomb)',
        )
      if (size > ZIP_LIMITS.ratioFloorBytes && size > entry.compressedSize * ZIP_LIMITS.ratio) {
        badInput(
          `${entry.fileName} is compressed ${Math.round(size / Math.max(1, entry.compressedSize))}:1 (refused as a possible zip bomb)`,
        )
      }
      byPath.set(entry.fileName, entry)
    }
  } catch (error) {
    zip.close()
    throw friendly(error)
  }
  const entries: SourceEntry[] = [...byPath.values()]
    .map((e) => ({ path: e.fileName, size: e.uncompressedSize }))
    .sort((a, b) => (a.path < b.path ? -1 : 1))
  return {
    kind: 'zip',
    name,
    entries,
    has: (path) => byPath.has(path),
    async open(path: string): Promise<Readable> {
      const entry = byPath.get(path) ?? badInput(`${path} is missing from the archive`)
      try {
        const stream = await zip.openReadStreamPromise(entry)
        // Errors while inflating (damaged data, a lying size) surface from the stream: make them readable.
        const original = stream.emit.bind(stream)
        stream.emit = ((event: string, ...args: unknown[]) =>
          event === 'error' ? original('error', friendly(args[0])) : original(event, ...args)) as typeof stream.emit
        return stream
      } catch (error) {
        throw friendly(error)
      }
    },
    close: async () => zip.close(),
  }
}
