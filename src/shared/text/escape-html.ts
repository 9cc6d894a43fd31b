const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe as HTML or XML content or as a quoted attribute value. The numeric `&#39;` serves both languages
 * (HTML 4 has no `&apos;`), so pages, head tags and feeds share this one map.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch)
}
