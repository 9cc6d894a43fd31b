import { z } from 'zod'
import { PostDraftSchema } from '../post-draft.ts'

/** The editor's working copy on the server (PUT /api/autosaves/{post id or "new"}). */
export const AutosaveInputSchema = z.object({ form: PostDraftSchema })
export const AutosaveSchema = z.object({ savedAt: z.string(), form: PostDraftSchema })
export type Autosave = z.infer<typeof AutosaveSchema>
export const AutosaveKeySchema = z.object({ key: z.string().min(1).max(64) })

export const RevisionSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  title: z.string(),
  size: z.number().int(),
})
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>
export const RevisionSchema = z.object({ id: z.string(), createdAt: z.string(), form: PostDraftSchema })
export type Revision = z.infer<typeof RevisionSchema>
