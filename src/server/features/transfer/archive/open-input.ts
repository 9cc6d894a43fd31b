import { open, stat } from 'node:fs/promises'
import path from 'node:path'
import { openFileSource, openFolderSource } from './folder-source.ts'
import type { Source } from './source.ts'
import { openZipSource } from './zip-source.ts'

/** The first bytes of a file, for telling formats apart by content rather than by name. */
export async function sniffHead(file: string, length = 512): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

export const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50
/** An empty zip is only its end-of-directory record. */
export const isEmptyZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x06054b50

/** A folder, a zip (by its bytes), or any other single file. `name` is the name the user gave it (uploads live in temp files). */
export async function openInput(file: string, name = path.basename(file)): Promise<Source> {
  if ((await stat(file)).isDirectory()) return openFolderSource(file)
  const head = await sniffHead(file, 4)
  if (isZip(head) || isEmptyZip(head)) return openZipSource(file, name)
  return openFileSource(file, name)
}
