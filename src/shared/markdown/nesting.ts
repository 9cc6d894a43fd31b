/**
 * How deep Markdown (lists, quotes) and HTML may nest. The Markdown lexer's cost grows about tenfold each time the
 * depth doubles (a 440-level list took 16 s to save), so depth is measured in one linear pass before anything is
 * parsed: content deeper than this is refused on save and rendered as plain text if it is already stored.
 */
export const MAX_NESTING = 32

export const TOO_DEEP_MESSAGE = `Content nests lists or quotes more than ${MAX_NESTING} levels deep: flatten it to save`

const TOP_LEVEL_FENCE = /^ {0,3}(`{3,}|~{3,})/
// One container marker and the space after it: a quote, a bullet or a numbered item.
const MARKER = /(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*/y

/** Columns of leading white space, tabs to the next multiple of 4. */
function indentOf(line: string): { columns: number; length: number } {
  let columns = 0
  let i = 0
  for (; i < line.length; i++) {
    if (line[i] === ' ') columns++
    else if (line[i] === '\t') columns += 4 - (columns % 4)
    else break
  }
  return { columns, length: i }
}

/**
 * An upper bound of the deepest nesting of lists and quotes in `markdown`: for each line that opens a container,
 * its markers (`>`, `-`, `1.`, …) plus its indentation in steps of two columns (the least a nested list needs).
 * Lines inside a top-level fenced code block open nothing and are skipped. Linear in the length of the text.
 */
export function markdownNestingDepth(markdown: string): number {
  let deepest = 0
  let fence: string | null = null
  for (const line of markdown.split('\n')) {
    const opened = TOP_LEVEL_FENCE.exec(line)
    if (fence) {
      if (
        opened &&
        opened[1]![0] === fence[0] &&
        opened[1]!.length >= fence.length &&
        !line.trim().slice(opened[1]!.length)
      )
        fence = null
      continue
    }
    if (opened) {
      fence = opened[1]!
      continue
    }
    const indent = indentOf(line)
    let markers = 0
    MARKER.lastIndex = indent.length
    while (MARKER.test(line)) markers++
    if (markers) deepest = Math.max(deepest, markers + Math.floor(indent.columns / 2))
  }
  return deepest
}

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^<>]*?(\/?)>/g

/** The deepest nesting of HTML elements (for importers turning HTML into Markdown): one pass over the tags. */
export function htmlNestingDepth(html: string): number {
  let depth = 0
  let deepest = 0
  for (const [, closing, name, selfClosing] of html.matchAll(TAG)) {
    if (closing) depth = Math.max(0, depth - 1)
    else if (!selfClosing && !VOID_ELEMENTS.has(name!.toLowerCase())) deepest = Math.max(deepest, ++depth)
  }
  return deepest
}

export const nestsTooDeep = (markdown: string): boolean => markdownNestingDepth(markdown) > MAX_NESTING
