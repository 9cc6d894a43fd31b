import { z } from 'zod'

/** A post or footer page that shows an upload. */
export const MediaUseSchema = z.object({
  kind: z.enum(['post', 'page']),
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** Readers can see it: a published post or an active footer page. */
  published: z.boolean(),
})
export type MediaUse = z.infer<typeof MediaUseSchema>

export const MediaItemSchema = z.object({
  id: z.string(),
  url: z.string(),
  originalName: z.string().nullable(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  frames: z.number().int(),
  altText: z.string(),
  color: z.string().nullable(),
  createdAt: z.string(),
  uses: z.array(MediaUseSchema),
})
export type MediaItem = z.infer<typeof MediaItemSchema>

export const MEDIA_PAGE_SIZE = 24

export const MediaListQuerySchema = z.object({
  filter: z.enum(['all', 'unused']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(MEDIA_PAGE_SIZE),
})
export type MediaListQuery = z.input<typeof MediaListQuerySchema>

export const MediaListSchema = z.object({ items: z.array(MediaItemSchema), total: z.number().int() })
export type MediaList = z.infer<typeof MediaListSchema>

export const ALT_TEXT_MAX = 300
export const AltTextUpdateSchema = z.object({
  altText: z.string().trim().max(ALT_TEXT_MAX, `Alt text must be at most ${ALT_TEXT_MAX} characters`),
})
export type AltTextUpdate = z.infer<typeof AltTextUpdateSchema>

/** Deleting an upload that pages show needs `confirm=true`: without it the answer is 409 naming them. */
export const MediaDeleteQuerySchema = z.object({ confirm: z.enum(['true', 'false']).optional() })
