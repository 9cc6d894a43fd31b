import { AppError } from '../../errors.ts'
import { storeImage } from '../uploads/uploads.service.ts'
import { readEntryBytes, type Source } from './archive/source.ts'
import type { ImportRun } from './merge.ts'
import { imageCreatedAt } from './transfer.repo.ts'

const MAX_IMAGE_BYTES = 25 * 1024 * 1024
const IMAGE_FILE = /\.(jpe?g|png|gif|webp)$/i
/** Where platforms keep uploads: what follows these is the key both the content and the media folder share. */
const ROOTS = ['content/images/', 'wp-content/uploads/', 'static/', 'public/', 'assets/', 'images/']

function decode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The path part of an image reference, without origin, Ghost's placeholder, query or fragment. */
function pathOf(reference: string): string {
  let ref = reference.trim().replace(/^__GHOST_URL__/, '')
  ref = ref.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').replace(/^\/\/[^/]+/, '')
  return decode(ref.split(/[?#]/)[0] ?? '')
}

/**
 * Finds the file behind an image reference in the media given alongside an import (Ghost's content/images layout,
 * WordPress's wp-content/uploads, a static folder, or paths relative to a Markdown file) and stores it as an
 * upload, once per file. What cannot be found or stored is listed in the report; its reference is left as it was.
 */
export function createMediaStore(run: ImportRun, media: Source | null) {
  const bySuffix = new Map<string, string | null>()
  for (const entry of media?.entries ?? []) {
    if (!IMAGE_FILE.test(entry.path)) continue
    const parts = entry.path.split('/')
    for (let i = 0; i < parts.length; i++) {
      const key = parts.slice(i).join('/')
      // A key two files share (two "logo.png" in different folders) finds neither.
      bySuffix.set(key, bySuffix.has(key) && bySuffix.get(key) !== entry.path ? null : entry.path)
    }
  }
  const stored = new Map<string, string | null>()
  const newUrls = new Set<string>()

  function locate(reference: string, baseDir?: string): string | null {
    if (!media) return null
    let path = pathOf(reference)
    if (!path || !IMAGE_FILE.test(path)) return null
    const candidates: string[] = []
    if (baseDir !== undefined && !path.startsWith('/')) candidates.push(normalise(`${baseDir}/${path}`))
    path = path.replace(/^\/+/, '')
    for (const root of ROOTS) {
      const at = path.indexOf(root)
      if (at !== -1) candidates.push(path.slice(at + root.length))
    }
    candidates.push(path)
    // Ghost's resized copies (/size/w600/…) and WordPress's (-300x200.jpg) fall back to the original.
    for (const c of [...candidates]) {
      candidates.push(c.replace(/^size\/w\d+(h\d+)?\//, ''), c.replace(/-\d+x\d+(\.[a-z]+)$/i, '$1'))
    }
    for (const c of candidates) {
      const hit = bySuffix.get(c)
      if (hit) return hit
    }
    return null
  }

  return {
    /** Pictures the media lacks keep their old links (`keepMissingImages`) rather than being left out. */
    keepMissing: run.keepMissingImages,
    /** The new /uploads URL of a reference, or null when it could not be imported (then listed as missing). */
    async resolve(reference: string, baseDir?: string): Promise<string | null> {
      const key = `${baseDir ?? ''}\n${reference}`
      if (stored.has(key)) return stored.get(key)!
      const entry = locate(reference, baseDir)
      let url: string | null = null
      if (entry) url = await storeEntry(entry)
      if (!url) run.report.missingImage(reference)
      stored.set(key, url)
      return url
    },
    /** Imports a file the source lists by itself (a WordPress attachment), when the media has it. */
    async importListed(reference: string): Promise<void> {
      const entry = locate(reference)
      if (entry) await storeEntry(entry)
    },
  }

  async function storeEntry(entry: string): Promise<string | null> {
    if (stored.has(`entry\n${entry}`)) return stored.get(`entry\n${entry}`)!
    let url: string | null = null
    try {
      url = (await storeImage(run.db, await readEntryBytes(media!, entry, MAX_IMAGE_BYTES), run.now)).url
      // Content-addressed: a picture the blog already had comes back with its old row, which this import did not create.
      if (
        !newUrls.has(url) &&
        (await imageCreatedAt(run.db, url.slice('/uploads/'.length))) === run.now.toISOString()
      ) {
        newUrls.add(url)
        run.report.created('images')
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error
      run.report.skip('images', entry, error.message)
    }
    stored.set(`entry\n${entry}`, url)
    return url
  }
}

export type MediaStore = ReturnType<typeof createMediaStore>

function normalise(path: string): string {
  const out: string[] = []
  for (const part of path.split('/')) {
    if (!part || part === '.') continue
    if (part === '..') out.pop()
    else out.push(part)
  }
  return out.join('/')
}
