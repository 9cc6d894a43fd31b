import { openInput } from '../archive/open-input.ts'
import type { Source } from '../archive/source.ts'
import type { TransferModel } from '../model.ts'
import { readBackup } from './backup.ts'
import { detectFormat, type Detected } from './detect.ts'
import { platformModel, type ForeignSite } from './foreign.ts'
import { readGhostExport } from './ghost.ts'
import { readMarkdownSite } from './markdown.ts'
import { readWordPressExport } from './wordpress.ts'

export type InputFiles = {
  /** A file or folder on the server: uploads arrive as temp files. */
  file: string
  /** The name the user gave it (an upload's file name), for telling a lone Markdown file by its extension. */
  name?: string
  media?: string
  mediaName?: string
  now: Date
}

async function readForeign(source: Source, detected: Detected): Promise<ForeignSite> {
  if (detected.format === 'ghost') return readGhostExport(source, detected.entry!)
  if (detected.format === 'wordpress') return readWordPressExport(source, detected.entry!)
  return readMarkdownSite(source)
}

/** Where a platform's pictures are looked up: the media given alongside, else the export itself when it is a folder or zip. */
export async function openMedia(input: InputFiles, source: Source | null): Promise<Source | null> {
  if (input.media) return openInput(input.media, input.mediaName)
  if (source) return source.kind === 'file' ? null : source
  const own = await openInput(input.file, input.name)
  if (own.kind !== 'file') return own
  await own.close()
  return null
}

/**
 * Any source read into the one model: a backup streamed, another platform's export read and checked whole. The
 * model reads from the files until `close`.
 */
export async function readInput(input: InputFiles): Promise<{ model: TransferModel; close: () => Promise<void> }> {
  const opened: Source[] = []
  const close = async () => {
    for (const source of opened) await source.close()
  }
  try {
    const source = await openInput(input.file, input.name)
    opened.push(source)
    const detected = await detectFormat(source)
    if (detected.format === 'backup') return { model: await readBackup(source), close }
    const media = input.media ? await openMedia(input, source) : null
    if (media) opened.push(media)
    const site = await readForeign(source, detected)
    return {
      model: platformModel(detected.format, site, media ?? (source.kind === 'file' ? null : source), input.now),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
