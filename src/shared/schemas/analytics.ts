import { z } from 'zod'

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD')
export const ANALYTICS_DIMENSIONS = [
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'device',
  'browser',
] as const
export const AnalyticsDimensionSchema = z.enum(ANALYTICS_DIMENSIONS)

/** A range (last 7, 30 or 90 days, or `from`–`to`), optionally one post or one row value (`dimension` + `value`). */
export const AnalyticsQuerySchema = z
  .object({
    days: z.enum(['7', '30', '90']).optional(),
    from: Day.optional(),
    to: Day.optional(),
    post: z.string().max(64).optional(),
    dimension: AnalyticsDimensionSchema.optional(),
    value: z.string().max(200).optional(),
  })
  .refine((q) => !q.days || (!q.from && !q.to), { message: 'Give either days or from and to, not both' })
  .refine((q) => !(q.from || q.to) || (q.from && q.to), { message: 'A custom range needs both from and to' })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The range starts after it ends' })
  .refine((q) => (q.dimension === undefined) === (q.value === undefined), {
    message: 'A filter needs both dimension and value',
  })
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>

/** CSV export: the same query, and which table (the chart's days, the posts, or one dimension). */
export const AnalyticsExportQuerySchema = z.intersection(
  AnalyticsQuerySchema,
  z.object({ table: z.enum(['days', 'posts', ...ANALYTICS_DIMENSIONS]) }),
)

const Row = z.object({
  value: z.string(),
  label: z.string(),
  views: z.number().int(),
  visitors: z.number().int(),
  /** Share of the range's views, 0–100 with one decimal. */
  percent: z.number(),
})
export type AnalyticsRow = z.infer<typeof Row>

export const AnalyticsSummarySchema = z.object({
  from: Day,
  to: Day,
  days: z.array(z.object({ day: Day, views: z.number().int(), visitors: z.number().int() })),
  posts: z.array(Row),
  tables: z.record(AnalyticsDimensionSchema, z.array(Row)),
})
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>

/** Readers whose latest view was in the last five minutes, and what they read. */
export const RightNowSchema = z.object({
  readers: z.number().int(),
  posts: z.array(z.object({ postId: z.string(), title: z.string(), readers: z.number().int() })),
})
export type RightNow = z.infer<typeof RightNowSchema>
