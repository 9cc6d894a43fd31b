import { describe, expect, it } from 'vitest'
import { matchCount } from './match-count.ts'

describe('matchCount', () => {
  it('says one post, many posts, and "at least" at the bound', () => {
    expect(matchCount(0, true)).toBe('0 posts')
    expect(matchCount(1, true)).toBe('1 post')
    expect(matchCount(12, true)).toBe('12 posts')
    expect(matchCount(1000, false)).toBe('at least 1,000 posts')
  })
})
