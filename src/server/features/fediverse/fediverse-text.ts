import sanitizeHtml from 'sanitize-html'

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** A remote note's HTML reduced to plain text like every comment: paragraphs and line breaks kept as newlines. */
export function noteText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
