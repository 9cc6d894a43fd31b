import { z } from 'zod'
import { OptionalUrlSchema, SlugSchema, isSafeUrl, lineText } from './common.ts'

export const SOCIAL_KEYS = ['linkedin_url', 'instagram_url', 'x_url'] as const
export const SocialKeySchema = z.enum(SOCIAL_KEYS)
export type SocialKey = z.infer<typeof SocialKeySchema>

export const SiteSettingSchema = z.object({ key: z.string(), value: z.string() })
export type SiteSetting = z.infer<typeof SiteSettingSchema>

export const SettingsUpdateSchema = z.object({
  settings: z
    .array(
      z.object({
        key: SocialKeySchema,
        value: z
          .string()
          .trim()
          .max(500)
          .refine((v) => v === '' || (isSafeUrl(v) && !v.startsWith('/')), 'Must be an http:// or https:// URL'),
      }),
    )
    .max(SOCIAL_KEYS.length),
})
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>

export const FOOTER_SLUGS = ['privacy-policy', 'terms-conditions', 'about', 'contact', 'disclaimer'] as const

export const FooterPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  featuredImage: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type FooterPage = z.infer<typeof FooterPageSchema>

/** What a reader gets: the page with its text rendered by the post renderer (safe HTML). */
export const PublicFooterPageSchema = FooterPageSchema.extend({ contentHtml: z.string() })
export type PublicFooterPage = z.infer<typeof PublicFooterPageSchema>

export const FooterPageInputSchema = z.object({
  title: lineText().trim().min(1, 'Title is required').max(200),
  slug: z.union([SlugSchema, z.literal('')]).optional(),
  content: z.string().trim().min(1, 'Content is required').max(100_000),
  metaTitle: lineText().trim().max(200).nullable().optional(),
  metaDescription: z.string().trim().max(500).nullable().optional(),
  featuredImage: OptionalUrlSchema,
  isActive: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
})
export type FooterPageInput = z.input<typeof FooterPageInputSchema>

/** `alt`: the library's alt text of this picture (empty until set), used when it is inserted. */
export const UploadResponseSchema = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alt: z.string(),
})
export type UploadResponse = z.infer<typeof UploadResponseSchema>

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
