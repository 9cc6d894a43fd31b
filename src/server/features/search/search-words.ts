import { FTS5_WORD_CHARS, FTS5_WORD_CONTINUATIONS } from './fts5-word-chars.ts'

const MAX_SEARCH_WORDS = 12
const MAX_WORD_LENGTH = 64

/** Whether a code point lies in one of the [first, last] pairs (sorted, so a binary search). */
function inRanges(ranges: readonly number[], cp: number): boolean {
  let lo = 0
  let hi = ranges.length / 2 - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (cp < ranges[mid * 2]!) hi = mid - 1
    else if (cp > ranges[mid * 2 + 1]!) lo = mid + 1
    else return true
  }
  return false
}

type CharKind = 'word' | 'continuation' | 'split'

/** How SQLite's tokenizer treats a code point: part of a word, part of one only after a word character, or a split. */
export function kindOf(cp: number): CharKind {
  if (cp < 128) return (cp >= 48 && cp <= 57) || ((cp | 32) >= 97 && (cp | 32) <= 122) ? 'word' : 'split'
  // A lone surrogate reaches the database as U+FFFD, which splits.
  if (cp >= 0xd800 && cp <= 0xdfff) return 'split'
  if (inRanges(FTS5_WORD_CHARS, cp)) return 'word'
  return inRanges(FTS5_WORD_CONTINUATIONS, cp) ? 'continuation' : 'split'
}

/**
 * The words of a search, split exactly where SQLite's tokenizer splits text (docs/decisions/099): each word is one
 * token to FTS5, never a phrase (which an index without positions refuses), and never query syntax.
 */
export function searchWords(search: string): string[] {
  const words: string[] = []
  let word = ''
  for (const ch of search.normalize('NFC')) {
    const kind = kindOf(ch.codePointAt(0)!)
    if (kind === 'word' || (kind === 'continuation' && word)) word += ch
    else if (kind === 'split' && word) {
      words.push(word)
      word = ''
    }
  }
  if (word) words.push(word)
  return words.slice(0, MAX_SEARCH_WORDS).map((w) => [...w].slice(0, MAX_WORD_LENGTH).join(''))
}
