import { Lexer, type Token, type Tokens } from 'marked'
import { nestsTooDeep } from './nesting.ts'
import { slugify } from '../text/slugify.ts'

export type Heading = { level: number; text: string; id: string }

/** A heading's text as its id and the table of contents see it (the renderer uses the same). */
export const inlineText = (tokens: Token[]): string =>
  tokens.map((t) => ('tokens' in t && t.tokens ? inlineText(t.tokens) : 'text' in t ? String(t.text) : '')).join('')

// Ids of the page around the post body: a heading never takes one of these.
const RESERVED_IDS = new Set(['root', 'main', 'comments', 'mobile-menu'])

/** A stable anchor for a heading: its slug, numbered when the same text comes again ("setup", "setup-2"). */
export function headingIds() {
  const taken = new Set<string>()
  return (text: string): string => {
    const base = slugify(text, 60) || 'section'
    let id = base
    for (let n = 2; taken.has(id) || RESERVED_IDS.has(id); n++) id = `${base}-${n}`
    taken.add(id)
    return id
  }
}

export const headingText = (tokens: Token[]) => inlineText(tokens).replace(/\s+/g, ' ').trim()

/**
 * The post's sections as the page shows them: the shallowest heading level in the content becomes h2 (the page's
 * h1 is the title), as the renderer does; h2 and h3 are kept, for the table of contents.
 */
export function headingsOf(markdown: string): Heading[] {
  let tokens: Token[]
  if (nestsTooDeep(markdown)) return []
  try {
    tokens = new Lexer({ gfm: true }).lex(markdown)
  } catch {
    return []
  }
  const found = tokens.filter((t): t is Tokens.Heading => t.type === 'heading')
  if (!found.length) return []
  const shift = 2 - Math.min(...found.map((h) => h.depth))
  const nextId = headingIds()
  return found.flatMap((h) => {
    const level = Math.min(Math.max(h.depth + shift, 2), 4)
    const text = headingText(h.tokens)
    const id = nextId(text)
    return level <= 3 && text ? [{ level, text, id }] : []
  })
}
