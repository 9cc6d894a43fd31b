import { z } from 'zod'
import { HEX_COLOR, SlugSchema, lineText } from './common.ts'

export const DEFAULT_CATEGORY_COLOR = '#3b82f6'

export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  postCount: z.number().int(),
  createdAt: z.string(),
})
export type Category = z.infer<typeof CategorySchema>

/** The small category object embedded in posts. */
export const CategoryRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
})
export type CategoryRef = z.infer<typeof CategoryRefSchema>

export const CategoryInputSchema = z.object({
  name: lineText().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  slug: SlugSchema.min(1, 'Slug is required'),
  description: z.string().trim().max(500).nullable().optional(),
  color: z.string().regex(HEX_COLOR, 'Colour must be a hex value like #3b82f6'),
})
export type CategoryInput = z.infer<typeof CategoryInputSchema>
