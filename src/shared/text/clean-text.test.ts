import { describe, expect, it } from 'vitest'
import { cleanLine, cleanText, hasControlCharacters } from './clean-text.ts'

describe('cleanText', () => {
  it('drops NUL and the other C0 controls but keeps tab and line breaks', () => {
    expect(cleanText('a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg')).toBe('abcdefg')
    expect(cleanText('one\ttwo\r\nthree\n')).toBe('one\ttwo\r\nthree\n')
  })

  it('replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(cleanText('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc')
    expect(cleanText('😀')).toBe('😀')
  })

  it('composes to NFC', () => {
    expect(cleanText('e\u0301')).toBe('\u00e9')
  })
})

describe('hasControlCharacters', () => {
  it('is true for what cleanText drops, false for tab and line breaks', () => {
    expect(['a\u0000', '\u0001', 'x\u001fy'].map(hasControlCharacters)).toEqual([true, true, true])
    expect(['a\tb\r\n', 'plain', '\uD800'].map(hasControlCharacters)).toEqual([false, false, false])
  })
})

describe('cleanLine', () => {
  it('drops bidi embeddings, overrides and isolates', () => {
    expect(cleanLine('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069')).toBe('abcdefgh')
  })

  it('folds line breaks and tabs into one space', () => {
    expect(cleanLine('one\r\ntwo\tthree\u0000')).toBe('one two three')
  })
})
