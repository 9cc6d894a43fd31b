import type { MediaItem, MediaUse } from '#shared/schemas/media.ts'
import { paths } from '#shared/paths.ts'
import type { MediaRow, UseRow } from './media.repo.ts'

export function toMediaUse(row: UseRow): MediaUse | null {
  if (row.post_id)
    return {
      kind: 'post',
      id: row.post_id,
      title: row.post_title ?? '',
      slug: row.post_slug ?? '',
      published: row.post_status === 'published',
    }
  if (row.page_id)
    return {
      kind: 'page',
      id: row.page_id,
      title: row.page_title ?? '',
      slug: row.page_slug ?? '',
      published: Number(row.page_active) === 1,
    }
  return null
}

export function toMediaItem(row: MediaRow, uses: MediaUse[]): MediaItem {
  return {
    id: row.id,
    url: paths.upload(row.file_name),
    originalName: row.original_name,
    mime: row.mime,
    size: Number(row.size),
    width: row.width,
    height: row.height,
    frames: Number(row.frames),
    altText: row.alt_text,
    color: row.dominant_color,
    createdAt: row.created_at,
    uses,
  }
}
