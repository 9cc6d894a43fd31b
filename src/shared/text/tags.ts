/** The key two spellings of one tag share: `Markdown` and `markdown` are one tag. */
export const tagKey = (tag: string) => tag.normalize('NFC').trim().toLowerCase()

/** Trimmed, empties dropped, one entry per tag compared case-insensitively, keeping the first spelling. */
export function uniqueTags(tags: string[]): string[] {
  const byKey = new Map<string, string>()
  for (const raw of tags) {
    const tag = raw.normalize('NFC').trim()
    if (tag && !byKey.has(tagKey(tag))) byKey.set(tagKey(tag), tag)
  }
  return [...byKey.values()]
}
