import { createReadStream } from 'node:fs'
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { badInput, type Source, type SourceEntry } from './source.ts'

const MAX_FILES = 200_000

/** A folder on the server (the command line's `--media DIR` or a folder of Markdown). Links are not followed. */
export async function openFolderSource(root: string): Promise<Source> {
  const entries: SourceEntry[] = []
  const walk = async (dir: string, prefix: string) => {
    for (const item of await readdir(dir, { withFileTypes: true })) {
      if (item.name.startsWith('.')) continue
      const rel = prefix ? `${prefix}/${item.name}` : item.name
      if (item.isDirectory()) await walk(path.join(dir, item.name), rel)
      else if (item.isFile()) {
        if (entries.length >= MAX_FILES) badInput(`The folder has more than ${MAX_FILES} files`)
        entries.push({ path: rel, size: (await lstat(path.join(dir, item.name))).size })
      }
    }
  }
  await walk(root, '')
  entries.sort((a, b) => (a.path < b.path ? -1 : 1))
  const known = new Set(entries.map((e) => e.path))
  return {
    kind: 'folder',
    name: path.basename(root),
    entries,
    has: (p) => known.has(p),
    async open(p: string): Promise<Readable> {
      if (!known.has(p)) badInput(`${p} is missing from the folder`)
      return createReadStream(path.join(root, ...p.split('/')))
    },
    close: async () => {},
  }
}

/** One plain file (a Ghost JSON or WordPress XML export) seen as a source with one entry. */
export async function openFileSource(file: string, name: string): Promise<Source> {
  const size = (await lstat(file)).size
  return {
    kind: 'file',
    name,
    entries: [{ path: name, size }],
    has: (p) => p === name,
    open: async () => createReadStream(file),
    close: async () => {},
  }
}
