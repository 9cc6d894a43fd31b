import { z } from 'zod'
import { nestsTooDeep, TOO_DEEP_MESSAGE } from '../markdown/nesting.ts'
import { CategoryRefSchema } from './category.ts'
import { IdSchema, OptionalUrlSchema, SlugSchema, lineText } from './common.ts'
import { uniqueTags } from '../text/tags.ts'

/** 'scheduled': published by the server at its publishedAt; until then a draft to everyone but the admin. */
export const POST_STATUSES = ['draft', 'published', 'scheduled'] as const
export const PostStatusSchema = z.enum(POST_STATUSES)
export const SCHEDULE_TIME_REQUIRED = 'Choose a date and time to schedule the post'
export type PostStatus = z.infer<typeof PostStatusSchema>

export const PostSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featuredImage: z.string().nullable(),
  categoryId: z.string().nullable(),
  category: CategoryRefSchema.nullable(),
  authorId: z.string(),
  authorName: z.string(),
  author: z.object({ username: z.string() }),
  status: PostStatusSchema,
  tags: z.array(z.string()),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  readingTime: z.number().int(),
  views: z.number().int(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  publishedAt: z.string().nullable(),
  featured: z.boolean(),
  featuredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Post = z.infer<typeof PostSchema>

/** Where a search matched, in the post's own words: `mark` parts are the matched words. */
export const SnippetSchema = z.array(z.object({ text: z.string(), mark: z.boolean() }))
export type Snippet = z.infer<typeof SnippetSchema>

/** A post in a list (GET /api/posts, featured, related): everything but the content; a snippet when searching. */
export const PostCardSchema = PostSchema.omit({ content: true }).extend({ snippet: SnippetSchema.optional() })
export type PostCard = z.infer<typeof PostCardSchema>

export const HeadingSchema = z.object({ level: z.number().int(), text: z.string(), id: z.string() })
export type Heading = z.infer<typeof HeadingSchema>

/** GET /api/posts/slug/{slug}: the post plus its content rendered to safe HTML and its sections, made when it was saved. */
export const PostDetailSchema = PostSchema.extend({
  contentHtml: z.string(),
  headings: z.array(HeadingSchema),
  /** Likes and boosts from the fediverse, each remote account counted once. */
  fediverse: z.object({ likes: z.number().int(), boosts: z.number().int() }).optional(),
})
export type PostDetail = z.infer<typeof PostDetailSchema>

export const MAX_TAG_LENGTH = 50

export const TagsSchema = z.array(lineText().max(MAX_TAG_LENGTH)).max(30).transform(uniqueTags)

/** The most characters a post's Markdown may hold. */
export const MAX_POST_CONTENT = 200_000

/** Markdown a post may be saved with: bounded in length and in how deep its lists and quotes nest. */
const PostContent = z
  .string()
  .max(MAX_POST_CONTENT, 'Content is too long')
  .refine((content) => !nestsTooDeep(content), TOO_DEEP_MESSAGE)

/** Body of POST /api/posts and PUT /api/posts/{id}. The server derives what is missing. */
export const PostInputSchema = z.object({
  title: lineText().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  slug: z.union([SlugSchema, z.literal('')]).optional(),
  content: PostContent.default(''),
  excerpt: z.string().trim().max(1000).nullable().optional(),
  featuredImage: OptionalUrlSchema,
  categoryId: IdSchema.nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  authorId: z.string().optional(),
  authorName: lineText().trim().max(80).nullable().optional(),
  status: PostStatusSchema.default('draft'),
  tags: TagsSchema.optional(),
  metaTitle: lineText().trim().max(200).nullable().optional(),
  metaDescription: z.string().trim().max(500).nullable().optional(),
  readingTime: z.number().int().min(1).max(1000).optional(),
  featured: z.boolean().optional(),
  /** Read only with status 'scheduled': when to publish (any offset; stored in UTC). A time already past publishes now. */
  publishedAt: z.iso.datetime({ offset: true, error: 'Choose a valid date and time' }).nullable().optional(),
  /** false: do not email this post to subscribers when it first becomes public (kept until then). */
  sendNewsletter: z.boolean().optional(),
})
export type PostInput = z.input<typeof PostInputSchema>

/**
 * PUT accepts any subset, e.g. just {status:'published'} from the admin list.
 * No defaults here: a missing field means "unchanged", never "reset to draft / empty content".
 */
export const PostUpdateSchema = PostInputSchema.extend({
  content: PostContent,
  status: PostStatusSchema,
}).partial()
export type PostUpdate = z.input<typeof PostUpdateSchema>

/** The editor form: the insert shape plus the comma-separated tags text. */
export const PostFormSchema = PostInputSchema.extend({ tagsInput: z.string().optional() })

export const POST_SORTS = ['latest', 'oldest', 'popular'] as const
export const PostSortSchema = z.enum(POST_SORTS)
export type PostSort = z.infer<typeof PostSortSchema>

export const PUBLIC_PAGE_SIZE = 9
export const MAX_SEARCH = 200
export const MAX_PAGE_SIZE = 100

export const PostListQuerySchema = z.object({
  status: z.enum([...POST_STATUSES, 'all']).optional(),
  // Longer searches are cut, not refused: a pasted paragraph still finds its post.
  search: z
    .string()
    .max(2000)
    .transform((v) => v.trim().slice(0, MAX_SEARCH))
    .optional(),
  categoryId: z.string().max(64).optional(),
  category: z.string().max(120).optional(),
  tag: z.string().max(MAX_TAG_LENGTH).optional(),
  featured: z.enum(['true', 'false']).optional(),
  sort: PostSortSchema.default('latest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PUBLIC_PAGE_SIZE),
})
export type PostListQuery = z.infer<typeof PostListQuerySchema>
export type PostListQueryInput = z.input<typeof PostListQuerySchema>

/** `totalExact: false`: a search stopped counting, and there are at least `total` matches (header `X-Total-Count-Exact`). */
export const PostPageSchema = z.object({
  posts: z.array(PostCardSchema),
  total: z.number().int(),
  totalExact: z.boolean(),
})
export type PostPage = z.infer<typeof PostPageSchema>
