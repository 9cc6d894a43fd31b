import { Lexer, type Token, type Tokens } from 'marked'
import { nestsTooDeep } from '../markdown/nesting.ts'
import { decodeEntities } from '../markdown/safe-url.ts'

/**
 * The words a reader sees in rendered markdown, as one line of plain text: no markup, no URLs, no images, no code
 * blocks, tables or rules. Blocks stay separate sentences, so a heading never runs into the paragraph after it.
 * Parsed with marked (the renderer's parser), so what counts as a heading or a table is what the page shows.
 * `searchable` keeps every word a reader can find on the page (code, table cells, images' alt text) for the search index.
 */
export function markdownToPlainText(markdown: string, opts: { searchable?: boolean } = {}): string {
  // Content nested past the limit is shown as plain text (renderMarkdown): its words are the text itself.
  if (nestsTooDeep(markdown)) return collapse(markdown)
  searchable = opts.searchable === true
  try {
    return collapse(blocks(Lexer.lex(markdown, { gfm: true })))
  } finally {
    searchable = false
  }
}

// Set for the duration of one synchronous call above.
let searchable = false

const SENTENCE_END = /[.!?…:;]["'”’)\]]*$/

/**
 * The non-empty parts as sentences: a full stop between two unless the first already ends one (`between`: the
 * joint used instead of a full stop). Joined once at the end, so a long post is never copied part by part.
 */
function sentences(parts: string[], between = '. '): string {
  const out: string[] = []
  let last = ''
  for (const part of parts) {
    if (!part) continue
    if (last) out.push(SENTENCE_END.test(last) ? ' ' : between)
    out.push(part)
    last = part
  }
  return out.join('')
}

// A dropped image or URL leaves its spaces behind: none stays before the punctuation that followed it.
const collapse = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .trim()

function blocks(tokens: Token[]): string {
  return sentences(tokens.map(block))
}

function block(token: Token): string {
  switch (token.type) {
    case 'heading':
    case 'paragraph':
      return collapse(inline((token as Tokens.Heading | Tokens.Paragraph).tokens))
    case 'text':
      return collapse('tokens' in token && token.tokens ? inline(token.tokens) : decodeEntities(token.text))
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens)
    case 'list':
      return list(token as Tokens.List)
    case 'html':
      return collapse(decodeEntities(stripTags((token as Tokens.HTML).text)))
    case 'code':
      return searchable ? (token as Tokens.Code).text : ''
    case 'table': {
      const table = token as Tokens.Table
      return searchable
        ? [...table.header, ...table.rows.flat()].map((cell) => collapse(inline(cell.tokens))).join(' ')
        : ''
    }
    default:
      // hr, space, def (and code and tables in a teaser): nothing to quote
      return ''
  }
}

/** Items read as a series ("fast, small, typed") unless they are sentences of their own. */
function list(token: Tokens.List): string {
  return sentences(
    token.items.map((item) => blocks(item.tokens)),
    ', ',
  )
}

function inline(tokens: Token[] | undefined): string {
  return (tokens ?? []).map(inlineText).join('')
}

function inlineText(token: Token): string {
  switch (token.type) {
    case 'text':
      return 'tokens' in token && token.tokens ? inline(token.tokens) : decodeEntities(token.text)
    case 'escape':
    case 'codespan':
      return decodeEntities(token.text)
    case 'strong':
    case 'em':
    case 'del':
      return inline((token as Tokens.Strong).tokens)
    case 'link':
      // A bare or <angle> URL is only its address: dropped like every other link destination.
      return (token as Tokens.Link).autolink || token.text === (token as Tokens.Link).href
        ? ''
        : inline((token as Tokens.Link).tokens)
    case 'br':
      return ' '
    case 'image':
      return searchable ? ` ${decodeEntities(token.text)} ` : ''
    default:
      // inline html tags, checkbox (and images in a teaser)
      return ''
  }
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ')
}
