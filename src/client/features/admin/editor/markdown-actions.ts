/** Pure text edits for the editor toolbar: each returns the new text and the selection to restore. */
export type Edit = { text: string; start: number; end: number }

/** Wrap the selection in markers (bold, italic, code); with nothing selected, insert a placeholder and select it. */
export function wrapSelection(text: string, start: number, end: number, marker: string, placeholder: string): Edit {
  const selected = text.slice(start, end) || placeholder
  const next = `${text.slice(0, start)}${marker}${selected}${marker}${text.slice(end)}`
  const from = start + marker.length
  return { text: next, start: from, end: from + selected.length }
}

const PREFIX = {
  bullet: () => '- ',
  number: (i: number) => `${i + 1}. `,
  heading: () => '## ',
  quote: () => '> ',
} as const
const EMPTY_LINE = { bullet: 'List item', number: 'List item', heading: 'Heading', quote: 'Quote' } as const

/** Prefix every line touched by the selection: '- ' for bullets, '1. ', '2. '… for numbered lists, '## ', '> '. */
export function prefixLines(text: string, start: number, end: number, kind: keyof typeof PREFIX): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1
  const nextBreak = text.indexOf('\n', end)
  const lineEnd = nextBreak === -1 ? text.length : nextBreak
  const lines = text.slice(lineStart, lineEnd).split('\n')
  const block = lines.map((line, i) => `${PREFIX[kind](i)}${line || EMPTY_LINE[kind]}`).join('\n')
  return {
    text: `${text.slice(0, lineStart)}${block}${text.slice(lineEnd)}`,
    start: lineStart,
    end: lineStart + block.length,
  }
}

/** The selected lines in a fenced code block on lines of their own; the code (or a placeholder) stays selected. */
export function codeBlock(text: string, start: number, end: number): Edit {
  const code = text.slice(start, end) || 'code'
  const before = text.slice(0, start)
  const after = text.slice(end)
  const open = `${before && !before.endsWith('\n') ? '\n' : ''}\`\`\`\n`
  const close = `\n\`\`\`${after && !after.startsWith('\n') ? '\n' : ''}`
  const from = start + open.length
  return { text: `${before}${open}${code}${close}${after}`, start: from, end: from + code.length }
}

/** [selection](url) with the url selected so it can be typed over. */
export function insertLink(text: string, start: number, end: number): Edit {
  const label = text.slice(start, end) || 'link text'
  const url = 'https://'
  const snippet = `[${label}](${url})`
  const urlStart = start + label.length + 3
  return { text: `${text.slice(0, start)}${snippet}${text.slice(end)}`, start: urlStart, end: urlStart + url.length }
}

/** Insert at the cursor (replacing any selection); the cursor goes after the insertion. */
export function insertAt(text: string, start: number, end: number, snippet: string): Edit {
  const pos = start + snippet.length
  return { text: `${text.slice(0, start)}${snippet}${text.slice(end)}`, start: pos, end: pos }
}

/** `![alt](url)`; brackets in the alt text would end it early, so they are dropped. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${alt.replace(/[[\]\n]/g, '')}](${url})`
}

/** The image on a paragraph of its own at `pos` (blank lines added only where missing); the cursor goes after it. */
export function insertImage(text: string, pos: number, markdown: string): Edit {
  const before = text.slice(0, pos)
  const after = text.slice(pos)
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n'
  const end = before.length + lead.length + markdown.length
  return { text: `${before}${lead}${markdown}${trail}${after}`, start: end, end }
}

/**
 * Where a position moves to when the text changes from `prev` to `next` (the user typed, pasted or an image arrived
 * meanwhile): unchanged before the edit, shifted after it, and to the end of the edit when it fell inside it.
 */
export function shiftAnchor(prev: string, next: string, anchor: number): number {
  let start = 0
  while (start < prev.length && start < next.length && prev[start] === next[start]) start++
  let endPrev = prev.length
  let endNext = next.length
  while (endPrev > start && endNext > start && prev[endPrev - 1] === next[endNext - 1]) {
    endPrev--
    endNext--
  }
  if (anchor < start) return anchor
  if (anchor >= endPrev) return anchor + (endNext - endPrev)
  return endNext
}
