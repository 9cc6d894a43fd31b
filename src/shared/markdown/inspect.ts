import { Lexer, type Token, type Tokens } from 'marked'
import { nestsTooDeep } from './nesting.ts'

export type ContentRefs = { images: Array<{ src: string; alt: string }>; links: string[] }

function walk(tokens: Token[], visit: (token: Token) => void) {
  for (const token of tokens) {
    visit(token)
    const children = (token as { tokens?: Token[] }).tokens
    if (children) walk(children, visit)
    if (token.type === 'list') for (const item of (token as Tokens.List).items) walk(item.tokens, visit)
    if (token.type === 'table') {
      const table = token as Tokens.Table
      for (const cell of [...table.header, ...table.rows.flat()]) walk(cell.tokens, visit)
    }
  }
}

/** The images and links a post's markdown contains, as the renderer will see them. */
export function contentRefs(markdown: string): ContentRefs {
  const refs: ContentRefs = { images: [], links: [] }
  if (nestsTooDeep(markdown)) return refs
  walk(Lexer.lex(markdown, { gfm: true }), (token) => {
    if (token.type === 'image')
      refs.images.push({ src: (token as Tokens.Image).href, alt: (token as Tokens.Image).text.trim() })
    if (token.type === 'link') refs.links.push((token as Tokens.Link).href)
  })
  return refs
}
