import { markdownToPlainText } from './markdown-plain-text.ts'

export const EXCERPT_LENGTH = 200

/**
 * The spec's rule: strip images, markdown symbols and links, collapse whitespace, cut to 200 characters, add '...' if
 * longer. Tables, rules, code blocks and link URLs go too, and blocks stay separate sentences (markdown-plain-text.ts).
 * The cut falls between words (and drops a dangling comma or dash), unless one word fills most of the length.
 */
export function makeExcerpt(markdown: string, length = EXCERPT_LENGTH): string {
  const text = markdownToPlainText(markdown)
  if (text.length <= length) return text
  const space = text.slice(0, length + 1).lastIndexOf(' ')
  const head = space > length / 2 ? text.slice(0, space) : text.slice(0, length)
  return `${head.replace(/[\s,;:\-–—]+$/, '')}...`
}

/** The excerpt as made before cuts fell between words: what older posts may hold as their generated excerpt. */
function hardCutExcerpt(markdown: string, length = EXCERPT_LENGTH): string {
  const text = markdownToPlainText(markdown)
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text
}

/**
 * Whether a stored excerpt is the one generated from the content (so the writer never typed it, and it is made again
 * when the content changes), by today's rule or the earlier hard cut.
 */
export function isGeneratedExcerpt(excerpt: string, markdown: string): boolean {
  return excerpt === makeExcerpt(markdown) || excerpt === hardCutExcerpt(markdown)
}

/** First image URL in markdown content, or null. */
export function firstImageUrl(markdown: string): string | null {
  const match = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/.exec(markdown)
  return match?.[1] ?? null
}
