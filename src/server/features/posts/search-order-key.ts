const HASH_RANGE = 2 ** 10

/**
 * The number of a post's row in SQLite's search table: its time in milliseconds (publication, else creation) times
 * 2^10 plus a hash of its id, so the full-text index yields matches newest first and a page stops as soon as it is
 * full (docs/decisions/010). A safe integer until the year 2248.
 */
export function searchOrderKey(at: string | null, postId: string): number {
  const ms = Date.parse(at ?? '') || 0
  let hash = 0
  for (let i = 0; i < postId.length; i++) hash = (hash * 31 + postId.charCodeAt(i)) >>> 0
  return ms * HASH_RANGE + (hash % HASH_RANGE)
}
