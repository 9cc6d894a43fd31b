import { Marked, type Token, type Tokens } from 'marked'
import { decodeEntities, safeUrl } from './safe-url.ts'

export type Highlighter = (code: string, lang: string) => string | null

export type RenderOptions = {
  /** Returns highlighted, already-escaped HTML for a code block, or null to fall back to plain escaped text. */
  highlight?: Highlighter
  /** The featured image: dropped from the content when it is the content's first image. */
  omitImage?: string | null
  /** Known intrinsic sizes by image URL, emitted as width/height so the page does not shift while loading. */
  imageSizes?: Record<string, { width: number; height: number }>
}

export const CONTENT_UNAVAILABLE = '<p>Content unavailable</p>'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch)
}

// The options of the render in progress. Rendering is synchronous, so one module-level slot is safe;
// it is saved and restored around each call in case a highlighter ever renders markdown itself.
type RenderState = { options: RenderOptions; omitted: Token | null; headingShift: number }
let state: RenderState = { options: {}, omitted: null, headingShift: 1 }

const titleAttr = (title: string | null | undefined) => (title ? ` title="${escapeHtml(decodeEntities(title))}"` : '')

const marked = new Marked({ gfm: true, breaks: false, async: false }).use({
  renderer: {
    heading({ tokens, depth }) {
      // The page's only h1 is the post title: the content's top heading level becomes h2 (then h3, h4), so
      // headings stay in order whether a post starts its sections with '#' or '##'.
      const level = Math.min(Math.max(depth + state.headingShift, 2), 4)
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
    },
    code({ text, lang }) {
      const language = (/^\S*/.exec(lang ?? '')?.[0] ?? '').replace(/[^\w+#.-]/g, '').slice(0, 40)
      let body: string | null = null
      if (language && state.options.highlight) {
        try {
          body = state.options.highlight(text, language)
        } catch {
          body = null
        }
      }
      const className = language ? `hljs language-${language}` : 'hljs'
      return `<pre><code class="${escapeHtml(className)}">${body ?? escapeHtml(text)}</code></pre>\n`
    },
    html(token: Tokens.HTML | Tokens.Tag) {
      // Raw HTML is never rendered as HTML: it shows as the text that was typed.
      return token.block ? `<p>${escapeHtml(token.text.trim())}</p>\n` : escapeHtml(token.text)
    },
    link(token) {
      const inner = this.parser.parseInline(token.tokens)
      // Autolink destinations are literal text: their character references were never meant to be decoded.
      const href = safeUrl(token.href, { allowMailto: true, literal: token.autolink === true })
      if (!href) return inner
      return `<a href="${escapeHtml(href)}"${titleAttr(token.title)} target="_blank" rel="noopener noreferrer">${inner}</a>`
    },
    image(token) {
      if (token === state.omitted) return ''
      const src = safeUrl(token.href, { allowMailto: false })
      const alt = escapeHtml(decodeEntities(token.text))
      if (!src) return alt
      const size = state.options.imageSizes?.[token.href] ?? state.options.imageSizes?.[src]
      const sizeAttrs = size ? ` width="${Math.round(size.width)}" height="${Math.round(size.height)}"` : ''
      return `<img src="${escapeHtml(src)}" alt="${alt}"${titleAttr(token.title)}${sizeAttrs} loading="lazy" decoding="async">`
    },
  },
})

function firstImage(tokens: Token[]): Tokens.Image | null {
  let found: Tokens.Image | null = null
  marked.walkTokens(tokens, (token) => {
    if (!found && token.type === 'image') found = token as Tokens.Image
  })
  return found
}

/** How far to move headings so the shallowest one in the content renders as h2. */
function headingShift(tokens: Token[]): number {
  let top = 6
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') top = Math.min(top, (token as Tokens.Heading).depth)
  })
  return 2 - top
}

function sameUrl(a: string, b: string): boolean {
  if (a.trim() === b.trim()) return true
  const x = safeUrl(a, { allowMailto: false })
  return x !== null && x === safeUrl(b, { allowMailto: false })
}

/**
 * The post content renderer shared by the server (SSR, API) and the editor preview: the markdown subset of the
 * spec plus lists, blockquotes and tables. Raw HTML comes out as text; links and images only with safe URLs.
 */
export function renderMarkdown(markdown: string | null | undefined, options: RenderOptions = {}): string {
  if (!markdown || !markdown.trim()) return CONTENT_UNAVAILABLE
  const previous = state
  try {
    const tokens = marked.lexer(markdown)
    const first = options.omitImage ? firstImage(tokens) : null
    const omitted = first && options.omitImage && sameUrl(first.href, options.omitImage) ? first : null
    state = { options, omitted, headingShift: headingShift(tokens) }
    return marked.parser(tokens)
  } catch {
    return `<pre>${escapeHtml(markdown)}</pre>`
  } finally {
    state = previous
  }
}
