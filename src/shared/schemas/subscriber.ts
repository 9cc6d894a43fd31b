import { z } from 'zod'
import { SUBSCRIBE_ANSWER } from '../site/subscribe-text.ts'

export const EMAIL_MAX = 254

/**
 * A subscriber's address: one line (a CR or LF would smuggle mail headers such as Bcc), at most 254 characters (RFC
 * 5321's path limit), and the form of an address. Stored lower-cased so one address is one subscriber.
 */
export const SubscriberEmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .refine((v) => !/[\r\n]/.test(v), 'Email must be one line')
  .pipe(z.email('Enter a valid email address'))
  .transform((v) => v.toLowerCase())

export const SubscribeInputSchema = z.object({ email: SubscriberEmailSchema })

export { SUBSCRIBE_ANSWER }
export const SubscribeAnswerSchema = z.object({ message: z.literal(SUBSCRIBE_ANSWER) })

export const SubscriberStatusSchema = z.enum(['pending', 'subscribed', 'unsubscribed', 'bounced'])

export const AdminSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: SubscriberStatusSchema,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
})
export type AdminSubscriber = z.infer<typeof AdminSubscriberSchema>

export const SUBSCRIBERS_PAGE_SIZE = 50

/** `email` searches within addresses (named so the request log redacts it, like every address). */
export const SubscriberListQuerySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX).optional().default(''),
  status: SubscriberStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})

export const SubscriberPageSchema = z.object({
  subscribers: z.array(AdminSubscriberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type SubscriberPage = z.infer<typeof SubscriberPageSchema>

/** Whether the reader site shows the subscribe form (email is set up) and, for the admin, how many confirmed. */
export const SubscriptionsInfoSchema = z.object({ enabled: z.boolean() })
export type SubscriptionsInfo = z.infer<typeof SubscriptionsInfoSchema>
export const SubscriberCountSchema = z.object({ enabled: z.boolean(), subscribed: z.number().int() })

/** POST /api/admin/subscribers/import: what the CSV did; bad rows by row number, with the reason. */
export const ImportAnswerSchema = z.object({
  imported: z.number().int(),
  alreadyKnown: z.number().int(),
  confirmationsSent: z.number().int(),
  invalid: z.array(z.object({ row: z.number().int(), reason: z.string() })),
})
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>
