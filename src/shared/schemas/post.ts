import { z } from 'zod'
import { CategoryRefSchema } from './category.ts'
import { IdSchema, OptionalUrlSchema, SlugSchema } from './common.ts'

export const POST_STATUSES = ['draft', 'published'] as const
export const PostStatusSchema = z.enum(POST_STATUSES)
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

/** GET /api/posts/slug/{slug}: the post plus its content rendered to safe HTML on the server. */
export const PostDetailSchema = PostSchema.extend({ contentHtml: z.string() })
export type PostDetail = z.infer<typeof PostDetailSchema>

export const TagsSchema = z
  .array(z.string().max(50))
  .max(30)
  .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))])

/** Body of POST /api/posts and PUT /api/posts/{id}. The server derives what is missing. */
export const PostInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  slug: z.union([SlugSchema, z.literal('')]).optional(),
  content: z.string().max(200_000, 'Content is too long').default(''),
  excerpt: z.string().trim().max(1000).nullable().optional(),
  featuredImage: OptionalUrlSchema,
  categoryId: IdSchema.nullable().optional().or(z.literal('').transform(() => null)),
  authorId: z.string().optional(),
  authorName: z.string().trim().max(80).nullable().optional(),
  status: PostStatusSchema.default('draft'),
  tags: TagsSchema.optional(),
  metaTitle: z.string().trim().max(200).nullable().optional(),
  metaDescription: z.string().trim().max(500).nullable().optional(),
  readingTime: z.number().int().min(1).max(1000).optional(),
  featured: z.boolean().optional(),
  featuredAt: z.string().nullable().optional(),
  publishedAt: z.string().nullable().optional(),
})
export type PostInput = z.input<typeof PostInputSchema>

/**
 * PUT accepts any subset, e.g. just {status:'published'} from the admin list.
 * No defaults here: a missing field means "unchanged", never "reset to draft / empty content".
 */
export const PostUpdateSchema = PostInputSchema.extend({
  content: z.string().max(200_000, 'Content is too long'),
  status: PostStatusSchema,
}).partial()
export type PostUpdate = z.input<typeof PostUpdateSchema>

/** The editor form: the insert shape plus the comma-separated tags text. */
export const PostFormSchema = PostInputSchema.extend({ tagsInput: z.string().optional() })

export const POST_SORTS = ['latest', 'oldest', 'popular'] as const
export const PostSortSchema = z.enum(POST_SORTS)
export type PostSort = z.infer<typeof PostSortSchema>

export const PUBLIC_PAGE_SIZE = 9
export const MAX_PAGE_SIZE = 100

export const PostListQuerySchema = z.object({
  status: z.enum(['draft', 'published', 'all']).optional(),
  search: z.string().trim().max(200).optional(),
  categoryId: z.string().max(64).optional(),
  category: z.string().max(120).optional(),
  tag: z.string().max(50).optional(),
  featured: z.enum(['true', 'false']).optional(),
  sort: PostSortSchema.default('latest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PUBLIC_PAGE_SIZE),
})
export type PostListQuery = z.infer<typeof PostListQuerySchema>
export type PostListQueryInput = z.input<typeof PostListQuerySchema>

export const PostPageSchema = z.object({ posts: z.array(PostSchema), total: z.number().int() })
export type PostPage = z.infer<typeof PostPageSchema>
