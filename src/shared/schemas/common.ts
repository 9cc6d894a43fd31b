import { z } from 'zod'
import { cleanLine } from '../text/clean-text.ts'

/** A name or title: one line without bidi controls (they could reorder what the admin reads); chain the checks. */
export const lineText = () => z.string().overwrite(cleanLine)

export const IdSchema = z.string().min(1).max(64)
export const IsoDateSchema = z.string()

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(120, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and single hyphens')

/** http(s) URLs and site-relative paths ("/uploads/…"); nothing that can run script. */
export function isSafeUrl(value: string): boolean {
  const v = value.trim()
  if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\')
  try {
    const url = new URL(v)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Optional image or link URL: empty means "none". */
export const OptionalUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || isSafeUrl(v), 'Must be an http(s) URL or a site path')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))

export const ApiErrorSchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/
