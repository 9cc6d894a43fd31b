import { z } from 'zod'

/** One post sent by email, with its deliveries counted (Admin → Subscribers, "Sent posts"). */
export const NewsletterSendSchema = z.object({
  postId: z.string(),
  title: z.string(),
  slug: z.string(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  delivered: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
})
export type NewsletterSend = z.infer<typeof NewsletterSendSchema>

export const NewsletterSendListSchema = z.array(NewsletterSendSchema)

/** A post's email: none yet (the editor offers the switch), skipped, or sent. */
export const NewsletterSendStateSchema = z.object({
  state: z.enum(['none', 'skipped', 'sent']),
  send: NewsletterSendSchema.nullable(),
})
export type NewsletterSendState = z.infer<typeof NewsletterSendStateSchema>

export const RetryAnswerSchema = z.object({ retried: z.number().int() })

/** Where one subscriber's copy of a post stands (docs/decisions/171). */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const
