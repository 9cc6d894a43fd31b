import { markdownToPlainText } from './markdown-plain-text.ts'

export const EXCERPT_LENGTH = 200

/**
 * The spec's rule: strip images, markdown symbols and links, collapse whitespace, cut to 200 characters, add '...' if
 * longer. Tables, rules, code blocks and link URLs go too, and blocks stay separate sentences (markdown-plain-text.ts).
 */
export function makeExcerpt(markdown: string, length = EXCERPT_LENGTH): string {
  const text = markdownToPlainText(markdown)
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text
}

/** First image URL in markdown content, or null. */
export function firstImageUrl(markdown: string): string | null {
  const match = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/.exec(markdown)
  return match?.[1] ?? null
}
