import type { ImportFormat } from '#shared/schemas/backup.ts'
import { AppError } from '../../../errors.ts'
import { MANIFEST_PATH } from '../backup-format.ts'
import { type Source } from '../archive/source.ts'

export type Detected = { format: ImportFormat; entry: string | null }

const MARKDOWN_FILE = /\.(md|markdown|mdx)$/i
const unknownFormat = (detail: string): never => {
  throw new AppError(
    415,
    `This file is in no format the importer knows (${detail}). It reads this blog's backups (.zip), Ghost exports (.json), WordPress exports (.xml) and Markdown files with front matter (a folder or .zip).`,
  )
}

async function head(source: Source, path: string, length = 8192): Promise<string> {
  const stream = await source.open(path)
  const parts: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    parts.push(chunk)
    size += chunk.length
    if (size >= length) break
  }
  stream.destroy()
  return Buffer.concat(parts)
    .subarray(0, length)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
}

export const looksLikeGhost = (text: string) => text.startsWith('{') && /"(db|data)"\s*:/.test(text)
export const looksLikeWxr = (text: string) => text.startsWith('<') && /wordpress\.org\/export/.test(text)
/** Site generators' own folders hold layouts and partials, not posts; Jekyll's _posts and _drafts are posts. */
const NOT_CONTENT = new Set([
  'node_modules',
  '_layouts',
  '_includes',
  '_site',
  '_data',
  '_sass',
  'layouts',
  'partials',
  'themes',
])
export const isMarkdownPath = (path: string) => {
  const parts = path.split('/')
  const file = parts.pop() ?? ''
  return (
    MARKDOWN_FILE.test(file) &&
    !file.startsWith('_') &&
    !/^(readme|changelog|license)\./i.test(file) &&
    !parts.some((p) => NOT_CONTENT.has(p) || p.startsWith('.'))
  )
}

/** The format of an upload or a path, by what it holds rather than by its name. */
export async function detectFormat(source: Source): Promise<Detected> {
  if (source.kind === 'file') {
    const bytes = await head(source, source.entries[0]!.path, 8192)
    const text = bytes.slice(0, 8192)
    if (text.startsWith('\u001f\u008b') || text.startsWith('\u001f'))
      unknownFormat('a gzip or tar archive: give a .zip')
    if (looksLikeGhost(text)) return { format: 'ghost', entry: source.entries[0]!.path }
    if (looksLikeWxr(text)) return { format: 'wordpress', entry: source.entries[0]!.path }
    if (text.startsWith('{')) unknownFormat('a JSON file that is not a Ghost export')
    if (text.startsWith('<')) unknownFormat('an XML or HTML file that is not a WordPress export')
    if ((text.startsWith('---') || text.startsWith('+++')) && MARKDOWN_FILE.test(source.name))
      return { format: 'markdown', entry: null }
    return unknownFormat('not a zip, JSON, XML or Markdown file')
  }
  if (source.has(MANIFEST_PATH)) return { format: 'backup', entry: MANIFEST_PATH }
  for (const entry of source.entries) {
    if (/\.json$/i.test(entry.path) && looksLikeGhost(await head(source, entry.path, 512)))
      return { format: 'ghost', entry: entry.path }
    if (/\.xml$/i.test(entry.path) && looksLikeWxr(await head(source, entry.path)))
      return { format: 'wordpress', entry: entry.path }
  }
  if (source.entries.some((e) => isMarkdownPath(e.path))) return { format: 'markdown', entry: null }
  return unknownFormat(
    source.entries.length
      ? `no backup manifest, Ghost or WordPress export, or Markdown file among its ${source.entries.length} files`
      : 'it is empty',
  )
}
