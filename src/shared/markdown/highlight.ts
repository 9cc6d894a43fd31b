import hljs from 'highlight.js/lib/common'

/**
 * The one highlighter of the post renderer and of the editor preview: highlight.js's common languages (Go, Rust,
 * Java, C, shell, SQL and the web's own among them, with their aliases), so a block the preview colours is coloured
 * on the site too. Highlighted HTML (highlight.js escapes the code itself), or null for a language it does not know.
 */
export function highlight(code: string, lang: string): string | null {
  if (!hljs.getLanguage(lang)) return null
  return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value
}
