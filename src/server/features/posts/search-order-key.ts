const HASH_RANGE = 2 ** 20

/**
 * The number of a post's row in SQLite's search table: its time in seconds (publication, else creation) times 2^20
 * plus a hash of its id, so the full-text index yields matches newest first and a page stops as soon as it is full
 * (docs/decisions/010). A safe integer until the year 2242.
 */
export function searchOrderKey(at: string | null, postId: string): number {
  const seconds = Math.floor((Date.parse(at ?? '') || 0) / 1000)
  let hash = 0
  for (let i = 0; i < postId.length; i++) hash = (hash * 31 + postId.charCodeAt(i)) >>> 0
  return seconds * HASH_RANGE + (hash % HASH_RANGE)
}
