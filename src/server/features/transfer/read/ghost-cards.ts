import { escapeHtml } from '#shared/text/escape-html.ts'
import { htmlToMarkdown } from './html-to-markdown.ts'

/** A piece of a Ghost post: HTML to convert, or Markdown kept as written (Ghost's Markdown card). */
type Block = { html: string } | { markdown: string }
type Warn = (message: string) => void

const attr = (v: unknown) => escapeHtml(String(v ?? ''))

/** Ghost cards both editors share: image, code, HTML, Markdown, divider, embed, bookmark, gallery. */
function card(name: string, payload: Record<string, unknown>, warn: Warn): Block | null {
  switch (name) {
    case 'markdown':
    case 'card-markdown':
      return { markdown: String(payload.markdown ?? '') }
    case 'html':
      return { html: String(payload.html ?? '') }
    case 'image':
      return {
        html: `<figure><img src="${attr(payload.src)}" alt="${attr(payload.alt ?? payload.altText)}">${payload.caption ? `<figcaption>${payload.caption}</figcaption>` : ''}</figure>`,
      }
    case 'code':
    case 'codeblock':
      return {
        html: `<pre><code class="language-${attr(payload.language)}">${escapeHtml(String(payload.code ?? ''))}</code></pre>`,
      }
    case 'hr':
    case 'horizontalrule':
      return { html: '<hr>' }
    case 'gallery': {
      const images = Array.isArray(payload.images) ? (payload.images as Array<Record<string, unknown>>) : []
      return { html: images.map((i) => `<p><img src="${attr(i.src)}" alt="${attr(i.alt)}"></p>`).join('') }
    }
    case 'bookmark':
    case 'embed': {
      const url = String(payload.url ?? (payload.metadata as Record<string, unknown> | undefined)?.url ?? '')
      return url
        ? {
            html: `<p><a href="${attr(url)}">${attr((payload.metadata as Record<string, unknown> | undefined)?.title ?? url)}</a></p>`,
          }
        : null
    }
    default:
      warn(`a "${name}" card has no Markdown equivalent and was left out`)
      return null
  }
}

function joinBlocks(blocks: Block[]): string {
  const out: string[] = []
  let html = ''
  const flush = () => {
    if (html) out.push(htmlToMarkdown(html))
    html = ''
  }
  for (const block of blocks) {
    if ('html' in block) html += block.html
    else {
      flush()
      out.push(block.markdown.trim())
    }
  }
  flush()
  return out.filter(Boolean).join('\n\n')
}

type Mobiledoc = {
  atoms?: Array<[string, string, Record<string, unknown>]>
  cards?: Array<[string, Record<string, unknown>]>
  markups?: Array<[string, string[]?]>
  sections?: unknown[][]
}

/** Mobiledoc (Ghost 1–4) to Markdown. */
export function mobiledocToMarkdown(doc: Mobiledoc, warn: Warn): string {
  const markups = doc.markups ?? []
  const markers = (list: unknown[]): string => {
    let html = ''
    const open: string[] = []
    for (const marker of list as Array<[number, number[], number, unknown]>) {
      const [type, opens, closes, value] = marker
      for (const index of opens ?? []) {
        const [tag, attrs = []] = markups[index] ?? ['span']
        const pairs: string[] = []
        for (let i = 0; i + 1 < attrs.length; i += 2) pairs.push(` ${attrs[i]}="${attr(attrs[i + 1])}"`)
        html += `<${tag}${pairs.join('')}>`
        open.push(tag)
      }
      html += type === 1 ? escapeHtml(String(doc.atoms?.[value as number]?.[1] ?? '')) : escapeHtml(String(value ?? ''))
      for (let i = 0; i < closes; i++) html += `</${open.pop()}>`
    }
    while (open.length) html += `</${open.pop()}>`
    return html
  }
  const blocks: Block[] = []
  for (const section of doc.sections ?? []) {
    const [kind] = section as [number]
    if (kind === 1) {
      const tag = String(section[1] ?? 'p').toLowerCase()
      const safe = /^(p|h[1-6]|blockquote|aside|pull-quote)$/.test(tag)
        ? tag === 'aside' || tag === 'pull-quote'
          ? 'blockquote'
          : tag
        : 'p'
      blocks.push({ html: `<${safe}>${markers((section[2] as unknown[]) ?? [])}</${safe}>` })
    } else if (kind === 3) {
      const tag = section[1] === 'ol' ? 'ol' : 'ul'
      blocks.push({
        html: `<${tag}>${((section[2] as unknown[][]) ?? []).map((item) => `<li>${markers(item)}</li>`).join('')}</${tag}>`,
      })
    } else if (kind === 10) {
      const [name, payload] = doc.cards?.[section[1] as number] ?? ['unknown', {}]
      const block = card(name, payload ?? {}, warn)
      if (block) blocks.push(block)
    } else if (kind === 2) {
      blocks.push({ html: `<p><img src="${attr(section[1])}" alt=""></p>` })
    }
  }
  return joinBlocks(blocks)
}

type LexicalNode = {
  type?: string
  children?: LexicalNode[]
  text?: string
  format?: number | string
  tag?: string
  listType?: string
  url?: string
  [key: string]: unknown
}

const FORMAT_TAGS: Array<[number, string]> = [
  [16, 'code'],
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
]

function lexicalInline(nodes: LexicalNode[] = []): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'extended-text') {
        let html = escapeHtml(node.text ?? '')
        const format = typeof node.format === 'number' ? node.format : 0
        for (const [bit, tag] of FORMAT_TAGS) if (format & bit) html = `<${tag}>${html}</${tag}>`
        return html
      }
      if (node.type === 'linebreak') return '<br>'
      if (node.type === 'link' || node.type === 'autolink')
        return `<a href="${attr(node.url)}">${lexicalInline(node.children)}</a>`
      return lexicalInline(node.children)
    })
    .join('')
}

/** Lexical (Ghost 5+) to Markdown. */
export function lexicalToMarkdown(doc: { root?: LexicalNode }, warn: Warn): string {
  const blocks: Block[] = []
  const walk = (node: LexicalNode) => {
    switch (node.type) {
      case 'paragraph':
      case 'extended-paragraph':
        blocks.push({ html: `<p>${lexicalInline(node.children)}</p>` })
        return
      case 'heading':
      case 'extended-heading': {
        const tag = /^h[1-6]$/.test(String(node.tag)) ? String(node.tag) : 'h2'
        blocks.push({ html: `<${tag}>${lexicalInline(node.children)}</${tag}>` })
        return
      }
      case 'quote':
      case 'extended-quote':
      case 'aside':
        blocks.push({ html: `<blockquote>${lexicalInline(node.children)}</blockquote>` })
        return
      case 'list':
        blocks.push({ html: listHtml(node) })
        return
      default: {
        if (node.type && node.type !== 'root') {
          const block = card(node.type, node as Record<string, unknown>, warn)
          if (block) blocks.push(block)
          return
        }
        node.children?.forEach(walk)
      }
    }
  }
  const listHtml = (list: LexicalNode): string => {
    const tag = list.listType === 'number' ? 'ol' : 'ul'
    const items = (list.children ?? []).map((item) => {
      const nested = (item.children ?? []).filter((c) => c.type === 'list')
      const inline = (item.children ?? []).filter((c) => c.type !== 'list')
      return `<li>${lexicalInline(inline)}${nested.map(listHtml).join('')}</li>`
    })
    return `<${tag}>${items.join('')}</${tag}>`
  }
  walk(doc.root ?? {})
  return joinBlocks(blocks)
}
