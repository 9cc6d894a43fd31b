import TurndownService from 'turndown'
import { assertShallowHtml } from './import-limits.ts'

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '*',
  hr: '---',
})

// Nothing that runs or styles survives; our renderer shows raw HTML as text, so everything else becomes Markdown.
turndown.remove(['script', 'style', 'noscript', 'template', 'form', 'button', 'input', 'select', 'textarea'])

turndown.addRule('embed', {
  filter: ['iframe', 'video', 'audio', 'object', 'embed'],
  replacement: (_content, node) => {
    const src =
      (node as HTMLElement).getAttribute('src') ??
      (node as HTMLElement).querySelector?.('source')?.getAttribute('src') ??
      ''
    return /^https?:\/\//.test(src) ? `\n\n[${src}](${src})\n\n` : ''
  },
})

turndown.addRule('figure', {
  filter: 'figure',
  replacement: (content, node) => {
    const caption = (node as HTMLElement).querySelector('figcaption')?.textContent?.trim()
    const body = caption ? content.replace(caption, '').trim() : content.trim()
    return `\n\n${body}${caption ? `\n\n*${caption.replace(/\*/g, '\\*')}*` : ''}\n\n`
  },
})
turndown.addRule('figcaption', { filter: 'figcaption', replacement: (content) => content })

const cellText = (content: string) => content.replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim()

turndown.addRule('tableCell', { filter: ['th', 'td'], replacement: (content) => ` ${cellText(content)} |` })
turndown.addRule('tableRow', {
  filter: 'tr',
  replacement: (content, node) => {
    const row = `|${content}\n`
    const element = node as HTMLElement
    // domino answers a missing match with undefined, not null: test for presence, never compare with null.
    const isHead =
      element.parentNode?.nodeName === 'THEAD' ||
      (!element.previousElementSibling &&
        !element.parentNode?.parentNode?.querySelector?.('thead') &&
        !!element.querySelector('th'))
    if (!isHead) return row
    const cells = element.querySelectorAll('th, td').length
    return `${row}|${' --- |'.repeat(cells)}\n`
  },
})
turndown.addRule('table', {
  filter: 'table',
  replacement: (content) => {
    const lines = content.split('\n').filter((l) => l.trim())
    if (!lines.length) return ''
    // GFM needs a header row: a table without one gets an empty header.
    if (!/^\|( --- \|)+$/.test(lines[1] ?? '')) {
      const cells = (lines[0]!.match(/ \|/g) ?? []).length
      lines.unshift(`|${'   |'.repeat(cells)}`, `|${' --- |'.repeat(cells)}`)
    }
    return `\n\n${lines.join('\n')}\n\n`
  },
})
turndown.addRule('tableSections', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content })

/** HTML from another platform as the Markdown our editor writes. Too deep to convert quickly: `TooDeep` is thrown. */
export function htmlToMarkdown(html: string): string {
  if (!html.trim()) return ''
  assertShallowHtml(html)
  return turndown
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** WordPress stores classic posts without paragraphs (its theme adds them when showing): add them the same way. */
export function autoParagraphs(text: string): string {
  if (/<p[\s>]/i.test(text)) return text
  const block = /^\s*<(\/?)(p|div|h[1-6]|ul|ol|li|blockquote|pre|table|figure|hr|!--)/i
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => (block.test(chunk) ? chunk : `<p>${chunk.trim().replace(/\n/g, '<br>\n')}</p>`))
    .join('\n')
}
