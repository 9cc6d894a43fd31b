import { renderMarkdown } from '#shared/markdown/render.ts'
import type { Db } from '../../db/client.ts'
import { highlight } from '#shared/markdown/highlight.ts'
import { sanitizePostHtml } from '../../markdown/sanitize.ts'
import { imageInfoByUrl } from '../uploads/uploads.service.ts'

const UPLOAD_URL = /\/uploads\/[a-f0-9]{64}\.[a-z]+/g

/**
 * A page's markdown as the post renderer makes it, through the same sanitizer: links (mailto: too), lists, code and
 * responsive pictures, and nothing that can run script. Made when the page is read: pages are few and short, and
 * the response cache keeps the result until content changes.
 */
export async function renderPageHtml(db: Db, content: string): Promise<string> {
  const images = await imageInfoByUrl(
    db,
    [...content.matchAll(UPLOAD_URL)].map((m) => m[0]),
  )
  return sanitizePostHtml(renderMarkdown(content, { highlight, images }))
}
