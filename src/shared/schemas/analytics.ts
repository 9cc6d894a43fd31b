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

/** The longest row value a filter takes (stored values are cut shorter). */
export const ANALYTICS_FILTER_MAX = 200
const FilterValue = z.string().min(1).max(ANALYTICS_FILTER_MAX)

const QueryFields = z.object({
  days: z.enum(['7', '30', '90']).optional(),
  from: Day.optional(),
  to: Day.optional(),
  post: z.string().max(64).optional(),
  source: FilterValue.optional(),
  referrer: FilterValue.optional(),
  utm_source: FilterValue.optional(),
  utm_medium: FilterValue.optional(),
  utm_campaign: FilterValue.optional(),
  device: FilterValue.optional(),
  browser: FilterValue.optional(),
})

const checkRange = <T extends z.infer<typeof QueryFields>>(schema: z.ZodType<T>) =>
  schema
    .refine((q) => !q.days || (!q.from && !q.to), { message: 'Give either days or from and to, not both' })
    .refine((q) => !(q.from || q.to) || (q.from && q.to), { message: 'A custom range needs both from and to' })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The range starts after it ends' })

/**
 * A range (last 7, 30 or 90 days, or `from`–`to`) and the filters in force: one post and/or one value per dimension
 * (`source=Google&device=mobile`), combined. Unknown parameters are refused.
 */
export const AnalyticsQuerySchema = checkRange(QueryFields.strict())
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>
export type AnalyticsFilters = Partial<Record<AnalyticsDimension, string>>
export type AnalyticsDimension = z.infer<typeof AnalyticsDimensionSchema>

/** CSV export: the same query, and which table (the chart's days, the posts, or one dimension). */
export const AnalyticsExportQuerySchema = checkRange(
  QueryFields.extend({ table: z.enum(['days', 'posts', ...ANALYTICS_DIMENSIONS]) }).strict(),
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
  /** 'month' when the range reaches past the retention: old days are kept only as months, `day` is the 1st. */
  unit: z.enum(['day', 'month']),
  /** Views and visitors of the whole range with the filters in force. */
  totals: z.object({ views: z.number().int(), visitors: z.number().int() }),
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
