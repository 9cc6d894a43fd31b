import { z } from 'zod'

export const REDIRECT_SOURCES = ['manual', 'slug', 'import'] as const
export type RedirectSource = (typeof REDIRECT_SOURCES)[number]

export const RedirectSchema = z.object({
  id: z.string(),
  fromPath: z.string(),
  toPath: z.string(),
  source: z.enum(REDIRECT_SOURCES),
  hits: z.number().int(),
  createdAt: z.string(),
})
export type Redirect = z.infer<typeof RedirectSchema>

const PathField = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(500, `${label} must be at most 500 characters`)

/** Body of POST /api/redirects: site paths ("/old-page", "/?p=123"); the target may be a full URL of this site. */
export const RedirectInputSchema = z.object({ fromPath: PathField('From path'), toPath: PathField('To path') })
export type RedirectInput = z.infer<typeof RedirectInputSchema>

export const RedirectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

export const NotFoundEntrySchema = z.object({
  path: z.string(),
  hits: z.number().int(),
  referrer: z.string().nullable(),
  lastSeenAt: z.string(),
})
export type NotFoundEntry = z.infer<typeof NotFoundEntrySchema>

export const NotFoundPathQuerySchema = z.object({ path: z.string().min(1).max(500) })

/** POST /api/link-check: which of these /blog/… paths would a reader find nothing at? */
export const LinkCheckInputSchema = z.object({ paths: z.array(z.string().max(500)).max(50) })
export const LinkCheckSchema = z.object({ broken: z.array(z.string()) })
