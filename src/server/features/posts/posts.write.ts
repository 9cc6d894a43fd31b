import type { Transaction } from 'kysely'
import { markdownToPlainText } from '#shared/text/markdown-plain-text.ts'
import { tagKey } from '#shared/text/tags.ts'
import type { Db } from '../../db/client.ts'
import type { Database, PostRow } from '../../db/schema.ts'
import { facetsOf, writeSearchDocuments, type SearchDocument } from '../search/search.service.ts'
import { counterKeys, deleteListingRows, recount, writeTags, type ListingState } from './posts.index.repo.ts'
import { parseTags } from './posts.mappers.ts'

type PostState = Pick<
  PostRow,
  'id' | 'title' | 'excerpt' | 'content' | 'status' | 'published_at' | 'category_id' | 'tags' | 'created_at'
>

export function listingStateOf(post: PostState): ListingState {
  return {
    id: post.id,
    status: post.status,
    published_at: post.published_at,
    category_id: post.category_id,
    tags: parseTags(post.tags).map((tag) => ({ key: tagKey(tag), tag })),
  }
}

/** The searchable text of a post: its words without markdown, its tags as words, its category and tags as facets; ordered by its publication. */
export function searchDocumentOf(post: PostState): SearchDocument & { orderAt: string | null } {
  return {
    orderAt: post.published_at ?? post.created_at,
    post_id: post.id,
    status: post.status,
    published_at: post.published_at,
    title: post.title,
    excerpt: post.excerpt,
    body: markdownToPlainText(post.content, { searchable: true }),
    tags: parseTags(post.tags).join(' '),
    facets: facetsOf(listingStateOf(post)),
  }
}

/**
 * Brings everything that lists or finds a post in line with its new state, in the caller's transaction: its tag
 * rows, its search text and the counters of every listing it left or joined. `after` undefined: it was deleted.
 */
export async function saveListingState(
  trx: Transaction<Database> | Db,
  before: PostState | undefined,
  after: PostState | undefined,
): Promise<void> {
  if (after) {
    await writeTags(trx, listingStateOf(after))
    await writeSearchDocuments(trx, [searchDocumentOf(after)])
  } else if (before) {
    await deleteListingRows(trx, before.id)
  }
  await recount(trx, [...counterKeys(before && listingStateOf(before)), ...counterKeys(after && listingStateOf(after))])
}
