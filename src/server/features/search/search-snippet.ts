import type { Snippet } from '#shared/schemas/post.ts'
import { kindOf } from './search-words.ts'

/** Words shown in a snippet, and how many of them come before the first matched word. */
const WINDOW = 16
const LEAD = 4
/** Anything but printable ASCII, which lower case alone folds. */
const FOLDABLE = /[^ -~\t\n\r]/g
const MARKS = /\p{M}/gu
/** Letters that carry a stroke rather than an accent: NFD does not split them, both indexes fold them. */
const STROKES: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o' }
/** A post's passages tried at most: a word on every line need not be scored at every line. */
const MAX_ANCHORS = 64

/** Text folded as both full-text indexes fold it (case and accents), with every offset of the original kept. */
export function foldText(text: string): string {
  const lower = text.toLowerCase()
  if (lower.length === text.length) return lower.replace(FOLDABLE, foldChar)
  return text.replace(/[\s\S]/g, (c) => {
    const l = c.toLowerCase()
    return l.length === 1 ? foldChar(l) : c
  })
}

/** One UTF-16 unit folded to one unit, so a folded text keeps every offset of the original. */
function foldChar(c: string): string {
  const bare = c.normalize('NFD').replace(MARKS, '')
  const folded = STROKES[bare] ?? bare
  return folded.length === 1 ? folded : c
}

type Hit = { start: number; end: number; word: number }

/**
 * Whether the unit at `at` belongs to a word, as SQLite's tokenizer splits text (search-words.ts): a word character,
 * or a continuation (a mark, say) that follows one.
 */
function isTokenChar(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false
  const c = text.charCodeAt(at)
  // The second unit of a pair belongs with the first.
  const start = c >= 0xdc00 && c <= 0xdfff && at > 0 && isHighSurrogate(text.charCodeAt(at - 1)) ? at - 1 : at
  const kind = kindOf(text.codePointAt(start)!)
  return kind === 'word' || (kind === 'continuation' && isTokenChar(text, start - 1))
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff

/** Whether any of the text belongs to a word. */
function hasWordIn(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isTokenChar(text, i)) return true
  return false
}

/** Where the reader's words stand in a folded text: each word whole, the last as the start of a word. */
function hitsIn(folded: string, words: string[], prefix: string | undefined): Hit[] {
  const hits: Hit[] = []
  const find = (word: string, index: number, asPrefix: boolean) => {
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + 1)) {
      if (isTokenChar(folded, at - 1)) continue
      let end = at + word.length
      if (asPrefix) while (isTokenChar(folded, end)) end++
      else if (isTokenChar(folded, end)) continue
      hits.push({ start: at, end, word: index })
    }
  }
  words.forEach((w, i) => find(w, i, false))
  if (prefix !== undefined) find(prefix, words.length, true)
  return hits.sort((a, b) => a.start - b.start)
}

/** The start of the word `LEAD` words before `at`. */
function leadStart(text: string, at: number): number {
  let i = at
  let start = at
  for (let n = 0; n < LEAD; n++) {
    while (i > 0 && !isTokenChar(text, i - 1)) i--
    if (i === 0) break
    while (i > 0 && isTokenChar(text, i - 1)) i--
    start = i
  }
  return start
}

/** The end of the `WINDOW`th word from `at`. */
function windowEnd(text: string, at: number): number {
  let i = at
  let end = at
  for (let n = 0; n < WINDOW; n++) {
    while (i < text.length && !isTokenChar(text, i)) i++
    if (i === text.length) break
    while (i < text.length && isTokenChar(text, i)) i++
    end = i
  }
  return end
}

type Passage = { text: string; from: number; to: number; hits: Hit[]; score: number }

/** The best window of one text: most distinct words, then most matches, then the earliest. */
function bestPassage(text: string, words: string[], prefix: string | undefined): Passage | undefined {
  const hits = hitsIn(foldText(text), words, prefix)
  const wanted = words.length + (prefix === undefined ? 0 : 1)
  let best: Passage | undefined
  for (let h = 0; h < hits.length && h < MAX_ANCHORS; h++) {
    const from = leadStart(text, hits[h]!.start)
    const to = windowEnd(text, from)
    const inside: Hit[] = []
    for (let k = h; k < hits.length && hits[k]!.end <= to; k++) inside.push(hits[k]!)
    const score = new Set(inside.map((hit) => hit.word)).size * 1000 + inside.length
    if (!best || score > best.score) best = { text, from, to, hits: inside, score }
    if (score >= wanted * 1000) break
  }
  return best
}

function partsOf({ text, from, to, hits }: Passage): Snippet {
  const parts: Snippet = []
  const plain = (piece: string) => {
    const prev = parts.at(-1)
    if (!piece) return
    if (prev && !prev.mark) prev.text += piece
    else parts.push({ text: piece, mark: false })
  }
  if (hasWordIn(text.slice(0, from))) plain('…')
  let at = from
  for (const hit of hits) {
    if (hit.start < at) continue
    plain(text.slice(at, hit.start))
    parts.push({ text: text.slice(hit.start, hit.end), mark: true })
    at = hit.end
  }
  // The end of the text ends the passage with its closing punctuation; a cut ends it with an ellipsis.
  const cut = hasWordIn(text.slice(to))
  plain(text.slice(at, cut ? to : text.length))
  if (cut) plain('…')
  return parts
}

/**
 * A short passage of a found post with the reader's words marked (each whole, the last also as a prefix), from
 * whichever of its texts holds the most of them, the first on a tie. Made here rather than by the engine (FTS5's
 * snippet(), PostgreSQL's ts_headline), which tokenise and score the whole post: 0.5–2 ms a post, more than the
 * rest of a search.
 */
export function snippetOf(texts: string[], readerWords: string[]): Snippet | undefined {
  if (!readerWords.length) return undefined
  const folded = readerWords.map(foldText)
  const last = folded.pop()!
  const words = [...new Set(folded)]
  // A last word that is also a whole word adds nothing: the whole word already matches it.
  const prefix = words.includes(last) ? undefined : last
  let best: Passage | undefined
  for (const text of texts) {
    const p = bestPassage(text, words, prefix)
    if (p && (!best || p.score > best.score)) best = p
  }
  return best && partsOf(best)
}
