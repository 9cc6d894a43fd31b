import { describe, expect, it } from 'vitest'
import { DEFAULT_READING_TIME, readingTime, WORDS_PER_MINUTE } from './reading-time.ts'

describe('readingTime', () => {
  it('is ceil(words / 200)', () => {
    expect(WORDS_PER_MINUTE).toBe(200)
    expect(readingTime('word '.repeat(200))).toBe(1)
    expect(readingTime('word '.repeat(201))).toBe(2)
    expect(readingTime('word '.repeat(1000))).toBe(5)
  })

  it('is at least 1', () => {
    expect(readingTime('')).toBe(1)
    expect(readingTime('   ')).toBe(1)
    expect(readingTime('one')).toBe(1)
  })

  it('counts words across any whitespace', () => {
    expect(readingTime(`${'a\n'.repeat(300)}${'b\t'.repeat(101)}`)).toBe(3)
  })

  it('keeps the spec default of 5 minutes', () => {
    expect(DEFAULT_READING_TIME).toBe(5)
  })
})
