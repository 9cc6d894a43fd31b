import { MAX_TAG_LENGTH } from '#shared/schemas/post.ts'
import type { Tag } from '#shared/schemas/tag.ts'
import { tagKey } from '#shared/text/tags.ts'
import type { Db } from '../../db/client.ts'
import { findPublishedTag } from './tags.repo.ts'

/** A tag readers can see (it has published posts), found by any spelling; null otherwise. */
export async function getPublishedTag(db: Db, raw: string): Promise<Tag | null> {
  const key = tagKey(raw)
  if (!key || key.length > MAX_TAG_LENGTH) return null
  const found = await findPublishedTag(db, key)
  return found ? { name: found.tag, key, postCount: found.n } : null
}
