import { z } from 'zod'

/** GET /api/tags/{tag}: a tag with published posts, in the spelling of its latest post, and its URL key. */
/** A tag page's or tag feed's path parameter. */
export const TagParams = z.object({ tag: z.string().min(1).max(200) })

export const TagSchema = z.object({
  name: z.string(),
  key: z.string(),
  postCount: z.number().int(),
})
export type Tag = z.infer<typeof TagSchema>
