export const EXCERPT_LENGTH = 200

/** The spec's rule: strip images, markdown symbols and links, collapse whitespace, cut to 200 characters, add '...' if longer. */
export function makeExcerpt(markdown: string, length = EXCERPT_LENGTH): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~#>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text
}

/** First image URL in markdown content, or null. */
export function firstImageUrl(markdown: string): string | null {
  const match = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/.exec(markdown)
  return match?.[1] ?? null
}
