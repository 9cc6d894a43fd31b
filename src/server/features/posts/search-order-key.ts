const HASH_RANGE = 2 ** 10

/**
 * The number of a post's row in SQLite's search tables: its time in milliseconds (publication, else creation) times
 * 2^10 plus a hash of its id, so the full-text index yields matches newest first and a page stops as soon as it is
 * full (docs/decisions/010). Published posts are numbered from 0 up, all others below 0 (-1 - the same number), so a
 * public search reads `rowid >= 0` and never a draft's entries (docs/decisions/015). A safe integer until 2248.
 */
export function searchOrderKey(at: string | null, postId: string, status: string): number {
  const ms = Math.max(0, Date.parse(at ?? '') || 0)
  let hash = 0
  for (let i = 0; i < postId.length; i++) hash = (hash * 31 + postId.charCodeAt(i)) >>> 0
  const key = ms * HASH_RANGE + (hash % HASH_RANGE)
  return status === 'published' ? key : -1 - key
}

/** The number tried next when one is taken (same millisecond, same hash): away from 0, so a row keeps its side. */
export const nextOrderKey = (key: number): number => (key >= 0 ? key + 1 : key - 1)
