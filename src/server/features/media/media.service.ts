import type { MediaItem, MediaList, MediaUse } from '#shared/schemas/media.ts'
import { MediaListQuerySchema, type MediaListQuery } from '#shared/schemas/media.ts'
import type { Db } from '../../db/client.ts'
import { conflict, notFound } from '../../errors.ts'
import { replaceImageAlt } from '#shared/markdown/image-alt.ts'
import { postById, updatePost } from '../posts/posts.service.ts'
import { toMediaItem, toMediaUse } from './media.mappers.ts'
import * as repo from './media.repo.ts'

async function withUses(db: Db, rows: repo.MediaRow[]): Promise<MediaItem[]> {
  const uses = new Map<string, MediaUse[]>()
  for (const row of await repo.findUses(
    db,
    rows.map((r) => r.id),
  )) {
    const use = toMediaUse(row)
    if (use) uses.set(row.image_id, [...(uses.get(row.image_id) ?? []), use])
  }
  return rows.map((row) => toMediaItem(row, uses.get(row.id) ?? []))
}

/** GET /api/admin/media: a page of the library, newest first, each with the posts and pages that show it. */
export async function listMedia(db: Db, query: MediaListQuery): Promise<MediaList> {
  const { filter, page, limit } = MediaListQuerySchema.parse(query)
  const unusedOnly = filter === 'unused'
  const [rows, total] = await Promise.all([
    repo.findMediaRows(db, { unusedOnly, limit, offset: (page - 1) * limit }),
    repo.countMedia(db, unusedOnly),
  ])
  return { items: await withUses(db, rows), total }
}

async function mediaItem(db: Db, id: string): Promise<MediaItem> {
  const row = (await repo.findMediaRow(db, id)) ?? notFound('Image')
  return (await withUses(db, [row]))[0]!
}

/**
 * The library's alt text: what the editor inserts with this picture from now on, and what the posts already showing
 * it say, where they had none or the library's earlier words (saved as an ordinary edit of each post).
 */
export async function updateAltText(db: Db, id: string, altText: string, now: Date): Promise<MediaItem> {
  const before = await mediaItem(db, id)
  if (!(await repo.updateAltText(db, id, altText))) notFound('Image')
  for (const use of before.uses) {
    if (use.kind !== 'post') continue
    const post = await postById(db, use.id, { isAdmin: true })
    const content = replaceImageAlt(post.content, before.url, before.altText, altText)
    if (content !== post.content) await updatePost(db, post.id, { content }, now)
  }
  return mediaItem(db, id)
}

const quoted = (uses: MediaUse[]) => uses.map((u) => `"${u.title}"`).join(', ')

/**
 * Deletes an upload and its variants. While posts or pages show it, only with `confirm` (those pages would lose the
 * picture); the 409 names them, published ones first.
 */
export async function deleteMedia(db: Db, id: string, confirm: boolean): Promise<void> {
  const item = await mediaItem(db, id)
  if (item.uses.length > 0 && !confirm) {
    const published = item.uses.filter((u) => u.published)
    const what = published.length > 0 ? `published pages (${quoted(published)})` : `drafts (${quoted(item.uses)})`
    conflict(`This image is used by ${what}: confirm to delete it anyway`)
  }
  if (!(await repo.deleteImageRow(db, id))) notFound('Image')
}

const UPLOAD_HASH = /\/uploads\/([a-f0-9]{64})[.-]/g
const EXTS = ['jpg', 'png', 'gif', 'webp']

/**
 * Records which uploads an owner (a post or a footer page) shows, from its texts (content, featured image). Called
 * whenever one is saved, so the library knows an image's uses without ever scanning content.
 */
export async function syncImageUses(
  db: Db,
  owner: repo.UseOwner,
  texts: Array<string | null | undefined>,
): Promise<void> {
  const hashes = new Set(texts.flatMap((t) => [...(t ?? '').matchAll(UPLOAD_HASH)].map((m) => m[1]!)))
  const fileNames = [...hashes].slice(0, 500).flatMap((h) => EXTS.map((e) => `${h}.${e}`))
  await repo.replaceUses(db, owner, await repo.findImageIdsByFileNames(db, fileNames))
}
