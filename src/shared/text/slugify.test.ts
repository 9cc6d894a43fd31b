import { describe, expect, it } from 'vitest'
import { slugify } from './slugify.ts'

describe('slugify', () => {
  it('lowercases, strips accents and punctuation, and joins words with single hyphens', () => {
    expect(slugify('Hello, World! Ça va?')).toBe('hello-world-ca-va')
    expect(slugify('  Multiple   spaces -- and___underscores  ')).toBe('multiple-spaces-and-underscores')
    expect(slugify("Don't stop")).toBe('dont-stop')
    expect(slugify('React 19 & Node 20')).toBe('react-19-node-20')
  })

  it('returns empty when nothing usable is left', () => {
    expect(slugify('!!!')).toBe('')
    expect(slugify('')).toBe('')
    expect(slugify('日本語')).toBe('')
  })

  it('cuts to the maximum length without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(40))
    expect(slug.length).toBeLessThanOrEqual(80)
    expect(slug.endsWith('-')).toBe(false)
    expect(slugify('abc def', 4)).toBe('abc')
  })
})
