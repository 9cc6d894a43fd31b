import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { FTS5_WORD_CHARS, FTS5_WORD_CONTINUATIONS } from './fts5-word-chars.ts'
import { searchWords } from './search-words.ts'

/** SQLite's own tokenizer, as the search index is built with it. */
const sqlite = new Database(':memory:')
sqlite.exec(`create virtual table t using fts5(x, tokenize='unicode61 remove_diacritics 2');
  create virtual table v using fts5vocab(t, 'instance')`)
afterAll(() => sqlite.close())

function tokensOf(texts: string[]): string[][] {
  sqlite.exec('delete from t')
  const insert = sqlite.prepare('insert into t (rowid, x) values (?, ?)')
  sqlite.transaction(() => texts.forEach((text, i) => insert.run(i + 1, text)))()
  const out = texts.map((): string[] => [])
  for (const [doc, term] of sqlite.prepare('select doc, term from v order by doc, offset').raw().all() as Array<
    [number, string]
  >)
    out[doc - 1]!.push(term)
  return out
}

/** How SQLite reads each code point: starts a word, only continues one, or splits. */
function sqliteKinds(codePoints: number[]): Map<number, 'word' | 'continuation' | 'split'> {
  // "q Xb": a token other than "b" after "q" means X starts a word; "aXb" as one token means X continues one.
  const tokens = tokensOf(codePoints.map((cp) => `q ${String.fromCodePoint(cp)}b a${String.fromCodePoint(cp)}b`))
  return new Map(
    codePoints.map((cp, i) => {
      const [, second, third] = tokens[i]!
      return [cp, second !== 'b' ? 'word' : third !== 'a' ? 'continuation' : 'split']
    }),
  )
}

const inPairs = (pairs: readonly number[], cp: number) =>
  pairs.some((v, i) => i % 2 === 0 && cp >= v && cp <= pairs[i + 1]!)
const tableKind = (cp: number) =>
  inPairs(FTS5_WORD_CHARS, cp) ? 'word' : inPairs(FTS5_WORD_CONTINUATIONS, cp) ? 'continuation' : 'split'

describe('the word characters table', () => {
  it('is what SQLite reads: every code point of the Basic Multilingual Plane, and each range edge beyond', () => {
    const bmp = Array.from({ length: 0x10000 }, (_, cp) => cp).filter((cp) => cp > 0 && (cp < 0xd800 || cp > 0xdfff))
    const edges = FTS5_WORD_CHARS.flatMap((v) => [v - 1, v, v + 1]).filter((cp) => cp >= 0x10000 && cp < 0x110000)
    const kinds = sqliteKinds([...bmp, ...new Set(edges)])
    const wrong = [...kinds]
      .filter(([cp, kind]) => tableKind(cp) !== kind)
      .map(([cp, kind]) => `U+${cp.toString(16)} ${kind}`)
    expect(wrong.slice(0, 20), 'regenerate fts5-word-chars.ts from SQLite').toEqual([])
  })
})

describe('searchWords', () => {
  it('splits where SQLite splits: each word is one token to SQLite', () => {
    const samples = [
      'react fastify',
      "don't stop",
      'foo_bar-baz',
      'café crème',
      'Größe 42',
      'q\u0303x',
      '\u0301start',
      'ﬁle',
      '日本語の検索',
      'Ελληνικά κείμενα',
      'مرحبا بالعالم',
      'हिन्दी पाठ',
      '😀 smile',
      'a\uE000b',
      'x\u00B2y',
      '½ cup',
      '\uD800lone',
    ]
    const tokens = tokensOf(samples)
    samples.forEach((text, i) => {
      const words = searchWords(text)
      expect(words.length, text).toBe(tokens[i]!.length)
      for (const w of words) expect(tokensOf([w])[0], `${text}: ${w}`).toHaveLength(1)
    })
  })

  it('keeps a diacritic without a composed form inside its word, as SQLite does', () => {
    expect(searchWords('q\u0303x')).toEqual(['q\u0303x'])
    expect(searchWords('\u0303x y')).toEqual(['x', 'y'])
  })

  it('never returns syntax: operators and punctuation are words or nothing', () => {
    expect(searchWords('"react" OR (fastify*) -x ^y NEAR(a b) title:z \\ % _')).toEqual([
      'react',
      'OR',
      'fastify',
      'x',
      'y',
      'NEAR',
      'a',
      'b',
      'title',
      'z',
    ])
    expect(searchWords('"" * ()')).toEqual([])
  })

  it('keeps at most 12 words of at most 64 characters, never cutting a character in two', () => {
    expect(searchWords('a '.repeat(20))).toHaveLength(12)
    expect(searchWords('x'.repeat(100))[0]).toHaveLength(64)
    expect([...searchWords('😀'.repeat(3) + '𝒜'.repeat(70))[0]!]).toHaveLength(64)
  })
})
