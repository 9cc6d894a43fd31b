import type { PostSort, PostStatus } from '#shared/schemas/post.ts'

export type SearchQuery = {
  /** Words as SQLite's tokenizer splits text (search-words.ts); the last one matches as a prefix. */
  words: string[]
  status: PostStatus | null
  categoryId?: string
  tagKey?: string
  sort: PostSort
}

export type Page = { limit: number; offset: number }

/** A found post's searchable texts, for its snippet. */
export type FoundDoc = { id: string; title: string; excerpt: string; body: string; tags: string }
/** `exact: false`: there are at least `total` matches, and counting stopped there (countBound). */
export type Found = { docs: FoundDoc[]; total: number; exact: boolean }

/**
 * Matches are counted as far as 1,000, or one past the page's end when that is further: the pager then knows whether
 * there is a next page, and a common word's count does not grow with the blog (docs/decisions/099).
 */
export const COUNT_LIMIT = 1000
export const countBound = (page: Page) => Math.max(COUNT_LIMIT, page.offset + page.limit + 1)
/** The reported count: exact below the bound, else "at least the bound". */
export const countedTo = (n: number, bound: number) => ({ total: Math.min(n, bound), exact: n < bound })

/** The page's documents from a search statement's rows (with no page, one row and no id). */
export const docsIn = (rows: Array<Partial<FoundDoc>>): FoundDoc[] =>
  rows.flatMap(({ id, title, excerpt, body, tags }) =>
    id ? [{ id, title: title!, excerpt: excerpt!, body: body!, tags: tags! }] : [],
  )
