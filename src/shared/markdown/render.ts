import { Marked, type Token, type Tokens } from 'marked'
import { headingIds, headingText } from './headings.ts'
import { imageHtml, type ImageInfo } from './image-html.ts'
import { escapeHtml } from '../text/escape-html.ts'
import { nestsTooDeep } from './nesting.ts'
import { decodeEntities, safeUrl } from './safe-url.ts'

export type Highlighter = (code: string, lang: string) => string | null

export type RenderOptions = {
  /** Returns highlighted, already-escaped HTML for a code block, or null to fall back to plain escaped text. */
  highlight?: Highlighter
  /** The featured image: dropped from the content when it is the content's first image. */
  omitImage?: string | null
  /** What is known of uploaded images, by URL: their size (so the page never shifts) and placeholder colour. */
  images?: Record<string, ImageInfo>
  /** The content's first image is the page's largest paint (no featured image above it): fetched first, not lazily. */
  priorityFirstImage?: boolean
}

export const CONTENT_UNAVAILABLE = '<p>Content unavailable</p>'

// The options of the render in progress. Rendering is synchronous, so one module-level slot is safe;
// it is saved and restored around each call in case a highlighter ever renders markdown itself.
type RenderState = {
  options: RenderOptions
  omitted: Token | null
  headingShift: number
  nextId: (text: string) => string
  priority: Token | null
}
const emptyState = (): RenderState => ({
  options: {},
  omitted: null,
  headingShift: 1,
  nextId: headingIds(),
  priority: null,
})
let state: RenderState = emptyState()

const titleAttr = (title: string | null | undefined) => (title ? ` title="${escapeHtml(decodeEntities(title))}"` : '')

const marked = new Marked({ gfm: true, breaks: false, async: false }).use({
  renderer: {
    heading({ tokens, depth }) {
      // The page's only h1 is the post title: the content's top heading level becomes h2 (then h3, h4), so
      // headings stay in order whether a post starts its sections with '#' or '##'.
      // Each gets a stable id from its text and a link to itself (shown on hover; a click copies the URL).
      const level = Math.min(Math.max(depth + state.headingShift, 2), 4)
      // Ids come from the same text and counter as headingsOf (the table of contents), so they always agree.
      const id = state.nextId(headingText(tokens))
      const inner = this.parser.parseInline(tokens)
      return `<h${level} id="${id}">${inner}<a class="heading-anchor" href="#${id}" aria-label="Link to this section">#</a></h${level}>\n`
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
      // The copy button shows once the page's script runs (post-content.tsx); it copies the code's text.
      const copy = '<button type="button" class="copy-code" aria-label="Copy code">Copy</button>'
      // Focusable, so a long line can be scrolled with the keyboard; a group named for what it holds.
      const label = language ? `Code: ${language}` : 'Code'
      const pre = `<pre tabindex="0" role="group" aria-label="${escapeHtml(label)}">`
      return `<div class="code-block">${copy}${pre}<code class="${escapeHtml(className)}">${body ?? escapeHtml(text)}</code></pre></div>\n`
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
      const info = state.options.images?.[token.href] ?? state.options.images?.[src]
      return imageHtml(src, { alt, titleAttr: titleAttr(token.title), info, priority: token === state.priority })
    },
  },
})

function firstImage(tokens: Token[], except: Token | null = null): Tokens.Image | null {
  let found: Tokens.Image | null = null
  marked.walkTokens(tokens, (token) => {
    if (!found && token.type === 'image' && token !== except) found = token as Tokens.Image
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
 * Content nested deeper than MAX_NESTING comes out as plain text.
 */
export function renderMarkdown(markdown: string | null | undefined, options: RenderOptions = {}): string {
  if (!markdown || !markdown.trim()) return CONTENT_UNAVAILABLE
  // Nested past the limit (stored before it, or imported): plain text, at a cost linear in its length.
  if (nestsTooDeep(markdown)) return `<pre>${escapeHtml(markdown)}</pre>`
  const previous = state
  try {
    const tokens = marked.lexer(markdown)
    const first = options.omitImage ? firstImage(tokens) : null
    const omitted = first && options.omitImage && sameUrl(first.href, options.omitImage) ? first : null
    const priority = options.priorityFirstImage ? firstImage(tokens, omitted) : null
    state = { ...emptyState(), options, omitted, headingShift: headingShift(tokens), priority }
    return marked.parser(tokens)
  } catch {
    return `<pre>${escapeHtml(markdown)}</pre>`
  } finally {
    state = previous
  }
}
