const HASH_RANGE = 2 ** 10
/** Above every time key until 2248 (a safe integer); SQL turns a published row's number back into its time key with it. */
export const NEWEST = Number.MAX_SAFE_INTEGER

/**
 * The number of a post's row in SQLite's search tables. Its time key is its time in milliseconds (publication, else
 * creation) times 2^10 plus a hash of its id. Published posts are numbered from 0 up, all others below 0, so a public
 * search reads `rowid >= 0` and never a draft's entries (docs/decisions/015). On both sides the newest comes first in
 * ascending order (published NEWEST - key, others -1 - key): the full-text index reads its lists forwards for the
 * newest matches, which costs the same however long the lists are, where reading backwards does not (docs/decisions/016).
 */
export function searchOrderKey(at: string | null, postId: string, status: string): number {
  const ms = Math.max(0, Date.parse(at ?? '') || 0)
  let hash = 0
  for (let i = 0; i < postId.length; i++) hash = (hash * 31 + postId.charCodeAt(i)) >>> 0
  const key = ms * HASH_RANGE + (hash % HASH_RANGE)
  return status === 'published' ? NEWEST - key : -1 - key
}

/** The number tried next when one is taken (same millisecond, same hash): away from 0, so a row keeps its side. */
export const nextOrderKey = (key: number): number => (key >= 0 ? key + 1 : key - 1)
