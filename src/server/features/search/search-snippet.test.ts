import { describe, expect, it } from 'vitest'
import { foldText, snippetOf } from './search-snippet.ts'

const shown = (texts: string[], words: string[]) =>
  snippetOf(texts, words)
    ?.map((p) => (p.mark ? `[${p.text}]` : p.text))
    .join('')

const long = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ')

describe('snippetOf', () => {
  it('marks each word whole and the last also as the start of a word, in the post’s own spelling', () => {
    expect(shown(['Morning runs. Typescript everywhere.'], ['morning'])).toBe('[Morning] runs. Typescript everywhere.')
    expect(shown(['Building with Fastify and React'], ['react', 'fast'])).toBe('Building with [Fastify] and [React]')
    // Only the last word is a prefix: "fast" before another word must be whole.
    expect(shown(['Fastify is fast'], ['fast', 'is'])).toBe('Fastify [is] [fast]')
    // Inside a word is not a match.
    expect(shown(['breakfast'], ['fast'])).toBeUndefined()
  })

  it('folds case and accents as the indexes do, keeping the text as written', () => {
    expect(shown(['Unicode: café crème'], ['CAFE'])).toBe('Unicode: [café] crème')
    expect(shown(['Łódź and Øresund'], ['lodz', 'oresund'])).toBe('[Łódź] and [Øresund]')
    // A letter whose lower case is longer (İ) keeps every later offset in place.
    expect(shown(['İstanbul café'], ['cafe'])).toBe('İstanbul [café]')
    expect(foldText('ÀÉÎ')).toBe('aei')
  })

  it('shows a window of words around the first passage holding every word, with ellipses where text was cut', () => {
    const text = `${long} needle ${long}`
    expect(shown([text], ['needle'])).toBe('…w56 w57 w58 w59 [needle] w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10…')
    // The passage with both words wins over an earlier one with one.
    expect(shown([`alpha ${long} alpha beta`], ['beta', 'alph'])).toBe('…w56 w57 w58 w59 [alpha] [beta]')
  })

  it('takes the text holding the most words, the first on a tie, and none when no text holds one', () => {
    expect(shown(['body has one', 'excerpt has one and two'], ['one', 'two'])).toBe('excerpt has [one] and [two]')
    expect(shown(['first one', 'second one'], ['one'])).toBe('first [one]')
    expect(shown(['nothing here'], ['absent'])).toBeUndefined()
    expect(snippetOf(['text'], [])).toBeUndefined()
  })

  it('splits words exactly where the index splits them (search-words.ts), beyond letters, digits and marks', () => {
    // U+0305 (combining overline) is a mark that SQLite's tokenizer splits on: "a" is a word of its own there.
    expect(shown(['x a\u0305b'], ['a'])).toBe('x [a]\u0305b')
    // A private-use character is part of a word to the tokenizer: "x" alone is not in "x\uE000y".
    expect(shown(['x\uE000y'], ['x', 'q'])).toBeUndefined()
    // A mark after a letter stays part of its word (a prefix match runs over it).
    expect(shown(['un cafe\u0301 noir'], ['caf'])).toBe('un [cafe\u0301] noir')
  })

  it('treats every character as text: marks come only from matches', () => {
    expect(snippetOf(['a <b>react</b> & "fast"'], ['react'])).toEqual([
      { text: 'a <b>', mark: false },
      { text: 'react', mark: true },
      { text: '</b> & "fast"', mark: false },
    ])
  })
})
