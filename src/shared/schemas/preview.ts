import { z } from 'zod'

export const PreviewLinkSchema = z.object({ path: z.string(), createdAt: z.string() })
export type PreviewLink = z.infer<typeof PreviewLinkSchema>

export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{20,64}$/
export const PreviewTokenSchema = z.string().regex(PREVIEW_TOKEN)
