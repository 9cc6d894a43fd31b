import type { Readable } from 'node:stream'
import { AppError } from '../../../errors.ts'

/** A file in an archive or folder, by its path inside it ("content/images/a.jpg", always with forward slashes). */
export type SourceEntry = { path: string; size: number }

/** A zip, a folder or a single file, read the same way. Entries are checked for unsafe paths and sizes when opened. */
export interface Source {
  readonly kind: 'zip' | 'folder' | 'file'
  readonly name: string
  readonly entries: SourceEntry[]
  has(path: string): boolean
  open(path: string): Promise<Readable>
  close(): Promise<void>
}

export const badInput = (message: string): never => {
  throw new AppError(400, message)
}

/** A path that stays inside the archive: relative, no "..", no drive letter, no backslash, no NUL. */
export function unsafePathReason(path: string): string | null {
  if (path.includes('\0')) return 'a NUL character'
  if (path.includes('\\')) return 'a backslash'
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'an absolute path'
  if (path.split('/').some((part) => part === '..')) return 'a ".." segment'
  return null
}

export function assertSafePath(path: string): void {
  const reason = unsafePathReason(path)
  if (reason) badInput(`The archive holds an unsafe path (${reason}): ${JSON.stringify(path.slice(0, 200))}`)
}

/** The whole entry, refusing more than `max` bytes (whatever its header said). */
export async function readEntryBytes(source: Source, path: string, max: number): Promise<Buffer> {
  const stream = await source.open(path)
  const parts: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) {
      stream.destroy()
      throw new AppError(413, `${path} is larger than ${Math.round(max / 1024 / 1024)} MB`)
    }
    parts.push(chunk)
  }
  return Buffer.concat(parts)
}

export async function readEntryText(source: Source, path: string, max: number): Promise<string> {
  return (await readEntryBytes(source, path, max)).toString('utf8').replace(/^\uFEFF/, '')
}
