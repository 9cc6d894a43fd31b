/**
 * A post's category and tags as words of its search row ("facets"), so a search narrowed by either is one full-text
 * query: the index intersects the lists, and neither a count nor a page joins posts or tags (docs/decisions/015).
 * Each is a letter and the hex of the id's or tag key's UTF-8: one token to FTS5 and one lexeme to PostgreSQL,
 * whatever the id or tag holds. Readers' words never match them: SQLite's searches read the text columns only, and
 * PostgreSQL's facet lexemes start with '#', which no search word holds.
 */
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')

export const categoryFacet = (categoryId: string) => `c${hex(categoryId)}`
export const tagFacet = (tagKey: string) => `t${hex(tagKey)}`

/** The facets a search row carries, space-separated. */
export function facetsOf(post: { category_id: string | null; tags: Array<{ key: string }> }): string {
  return [
    ...(post.category_id ? [categoryFacet(post.category_id)] : []),
    ...new Set(post.tags.map((t) => tagFacet(t.key))),
  ].join(' ')
}

/** The facets a search is narrowed to. */
export function wantedFacets(q: { categoryId?: string; tagKey?: string }): string[] {
  return [
    ...(q.categoryId !== undefined ? [categoryFacet(q.categoryId)] : []),
    ...(q.tagKey !== undefined ? [tagFacet(q.tagKey)] : []),
  ]
}
