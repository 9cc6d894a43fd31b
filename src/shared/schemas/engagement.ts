import { z } from 'zod'
import { lineText } from './common.ts'

export const LikesSummarySchema = z.object({ count: z.number().int(), userHasLiked: z.boolean() })
export type LikesSummary = z.infer<typeof LikesSummarySchema>

export const LikeToggleSchema = z.object({ liked: z.boolean(), message: z.string() })
export type LikeToggle = z.infer<typeof LikeToggleSchema>

export const COMMENT_MAX = 5000
export const COMMENT_NAME_MAX = 80

export const CommentInputSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Please write your comment.')
    .max(COMMENT_MAX, `Comments are limited to ${COMMENT_MAX} characters`),
  authorName: lineText().trim().max(COMMENT_NAME_MAX, `Names are limited to ${COMMENT_NAME_MAX} characters`).optional(),
  authorEmail: z.union([z.email('Enter a valid email address').max(200), z.literal('')]).optional(),
})
export type CommentInput = z.input<typeof CommentInputSchema>

export const PublicCommentSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  content: z.string(),
  createdAt: z.string(),
})
export type PublicComment = z.infer<typeof PublicCommentSchema>

export const AdminCommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  authorName: z.string(),
  authorEmail: z.string().nullable(),
  content: z.string(),
  isApproved: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  post: z.object({ id: z.string(), title: z.string(), slug: z.string() }),
})
export type AdminComment = z.infer<typeof AdminCommentSchema>

export const StatsSchema = z.object({
  totalPosts: z.number().int(),
  totalViews: z.number().int(),
  totalCategories: z.number().int(),
  drafts: z.number().int(),
})
export type Stats = z.infer<typeof StatsSchema>

export const DailyViewsSchema = z.array(z.object({ day: z.string(), views: z.number().int() }))
export type DailyViews = z.infer<typeof DailyViewsSchema>

/** A post whose views in the last hour are far above its daily average (the analytics screen flags it). */
export const ViewSpikesSchema = z.array(
  z.object({
    postId: z.string(),
    title: z.string(),
    slug: z.string(),
    lastHour: z.number().int(),
    dailyAverage: z.number(),
  }),
)
export type ViewSpikes = z.infer<typeof ViewSpikesSchema>
