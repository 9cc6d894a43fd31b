import { z } from 'zod'

/** GET /api/tags/{tag}: a tag with published posts, in the spelling of its latest post, and its URL key. */
export const TagSchema = z.object({
  name: z.string(),
  key: z.string(),
  postCount: z.number().int(),
})
export type Tag = z.infer<typeof TagSchema>
