import { z } from 'zod'
import { IdSchema, lineText } from './common.ts'

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

/** Where a comment came from: absent for this site's form, 'fediverse' for a reply from Mastodon and the like. */
export const CommentSourceSchema = z.enum(['fediverse'])

export const PublicCommentSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  content: z.string(),
  createdAt: z.string(),
  source: CommentSourceSchema.optional(),
  /** The remote author's profile (fediverse replies only). */
  authorUrl: z.string().nullable().optional(),
})
export type PublicComment = z.infer<typeof PublicCommentSchema>

/** A post's approved comments come this many at a time, oldest first ("Show more" asks for the next ones). */
export const COMMENTS_PER_PAGE = 50
/** `after`: the id of the last comment already shown. */
export const CommentsPageQuerySchema = z.object({ after: IdSchema.optional() })
/** One page of a post's comments; `next` is the `after` of the page that follows, or null on the last page. */
export type CommentsPage = { comments: PublicComment[]; next: string | null }

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
  source: CommentSourceSchema.optional(),
  authorUrl: z.string().nullable().optional(),
})
export type AdminComment = z.infer<typeof AdminCommentSchema>

export const ADMIN_COMMENTS_PER_PAGE = 50
export const COMMENT_FILTERS = ['all', 'pending', 'approved'] as const
export type CommentFilter = (typeof COMMENT_FILTERS)[number]
export const AdminCommentsQuerySchema = z.object({
  status: z.enum(COMMENT_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
})
/** A page of the moderation list, newest first, with the counts each filter tab shows. */
export const AdminCommentsPageSchema = z.object({
  comments: z.array(AdminCommentSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
  counts: z.object({ all: z.number().int(), pending: z.number().int(), approved: z.number().int() }),
})
export type AdminCommentsPage = z.infer<typeof AdminCommentsPageSchema>

export const COMMENT_BULK_MAX = ADMIN_COMMENTS_PER_PAGE
/** What the moderation list does to the comments ticked on its page. */
export const CommentBulkSchema = z.object({
  action: z.enum(['approve', 'delete']),
  ids: z.array(IdSchema).min(1, 'Select at least one comment').max(COMMENT_BULK_MAX),
})
export type CommentBulkInput = z.infer<typeof CommentBulkSchema>
export const CommentBulkResultSchema = z.object({ count: z.number().int() })
export type CommentBulkResult = z.infer<typeof CommentBulkResultSchema>

export const StatsSchema = z.object({
  totalPosts: z.number().int(),
  totalViews: z.number().int(),
  totalCategories: z.number().int(),
  drafts: z.number().int(),
  /** Comments waiting for moderation (the sidebar and the dashboard show them). */
  pendingComments: z.number().int(),
})
export type Stats = z.infer<typeof StatsSchema>

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
