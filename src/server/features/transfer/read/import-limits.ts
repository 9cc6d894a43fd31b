import { htmlNestingDepth, MAX_NESTING } from '#shared/markdown/nesting.ts'
import { AppError } from '../../../errors.ts'
import type { Source, SourceEntry } from '../archive/source.ts'

/**
 * Bounds on what another platform's export may hold. The whole export is read into memory and converted, so each
 * bound is checked from the sizes the archive or folder declares before anything is read (a lying zip header fails
 * while inflating). A post holds at most 200,000 characters, so a larger Markdown file could never be imported.
 */
export const IMPORT_LIMITS = {
  markdownFileBytes: 1024 * 1024,
  markdownTotalBytes: 128 * 1024 ** 2,
  markdownFiles: 50_000,
  /** A Ghost JSON or WordPress XML export: its posts are all held in memory while they are converted. */
  exportBytes: 128 * 1024 ** 2,
  /** Ghost's export wraps its rows six levels deep and lexical nests two levels per list: real files stay far below. */
  jsonDepth: 100,
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`

export const tooLarge = (message: string): never => {
  throw new AppError(413, message)
}

/** Refuses a Markdown site with too many files, too large a file, or too much text in all, before reading any. */
export function checkMarkdownSizes(files: SourceEntry[]): void {
  if (files.length > IMPORT_LIMITS.markdownFiles)
    tooLarge(`The import holds ${files.length} Markdown files; at most ${IMPORT_LIMITS.markdownFiles} are accepted`)
  let total = 0
  for (const file of files) {
    if (file.size > IMPORT_LIMITS.markdownFileBytes)
      tooLarge(`${file.path} is larger than ${megabytes(IMPORT_LIMITS.markdownFileBytes)}, more than a post can hold`)
    total += file.size
  }
  if (total > IMPORT_LIMITS.markdownTotalBytes)
    tooLarge(
      `The Markdown files hold more than ${megabytes(IMPORT_LIMITS.markdownTotalBytes)} in all: import the site in parts`,
    )
}

export function checkExportSize(source: Source, entry: string, what: string): void {
  const size = source.entries.find((e) => e.path === entry)?.size ?? 0
  if (size > IMPORT_LIMITS.exportBytes)
    tooLarge(`${what} is larger than ${megabytes(IMPORT_LIMITS.exportBytes)}: import the site in parts`)
}

/** How deep arrays and objects nest in JSON text, in one pass that never recurses (strings are skipped). */
export function jsonNestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth)
    else if (c === 0x7d || c === 0x5d) depth--
  }
  return deepest
}

/** Content that nests too deeply to convert: the post it belongs to is left out, with this as the reason. */
export class TooDeep extends Error {}

export function assertShallowHtml(html: string): void {
  if (htmlNestingDepth(html) > MAX_NESTING)
    throw new TooDeep(`its HTML nests elements more than ${MAX_NESTING} levels deep; it was left out`)
}

export function assertShallowJson(text: string): void {
  if (jsonNestingDepth(text) > IMPORT_LIMITS.jsonDepth)
    throw new TooDeep(`its content nests more than ${IMPORT_LIMITS.jsonDepth} levels deep; it was left out`)
}
