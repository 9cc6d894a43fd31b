/**
 * Constants the reader needs at runtime. They mirror values in src/shared/schemas/*, which the reader bundle
 * must not import as values: that would pull zod (~30 KB gzip) into every page (budget: 100 KB).
 * constants.test.ts keeps the two in step.
 */
export const PUBLIC_PAGE_SIZE = 9
export const POST_SORTS = ['latest', 'oldest', 'popular'] as const
export const COMMENT_MAX = 5000
export const COMMENT_NAME_MAX = 80
