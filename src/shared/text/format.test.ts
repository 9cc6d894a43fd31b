import { describe, expect, it } from 'vitest'
import { formatDate, formatViews, plural } from './format.ts'

describe('formatViews', () => {
  it('shows the raw number up to 1000', () => {
    expect(formatViews(0)).toBe('0')
    expect(formatViews(999)).toBe('999')
    expect(formatViews(1000)).toBe('1000')
  })

  it('shows thousands with one decimal and K above 1000', () => {
    expect(formatViews(1001)).toBe('1.0K')
    expect(formatViews(1234)).toBe('1.2K')
    expect(formatViews(1250)).toBe('1.3K')
    expect(formatViews(15_000)).toBe('15.0K')
    expect(formatViews(1_234_567)).toBe('1234.6K')
  })
})

describe('formatDate', () => {
  it('formats in en-US, in UTC', () => {
    expect(formatDate('2025-03-01T23:30:00.000Z')).toBe('March 1, 2025')
    expect(formatDate('2025-12-31T00:00:00.000Z')).toBe('December 31, 2025')
  })

  it('is empty for a missing date', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate(undefined)).toBe('')
  })
})

describe('plural', () => {
  it('uses the singular only for exactly one', () => {
    expect(plural(1, 'Like')).toBe('Like')
    expect(plural(0, 'Like')).toBe('Likes')
    expect(plural(2, 'Comment')).toBe('Comments')
    expect(plural(2, 'Reply', 'Replies')).toBe('Replies')
  })
})
