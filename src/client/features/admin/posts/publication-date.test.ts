import { describe, expect, it } from 'vitest'
import { publicationDate } from './publication-date.ts'

describe('publicationDate', () => {
  it('shows the date of a published post', () => {
    expect(publicationDate({ status: 'published', publishedAt: '2026-03-01T10:00:00.000Z' }, 'Draft')).toBe(
      'March 1, 2026',
    )
  })

  it('shows a draft as a draft, also one that was published before and keeps its date for later', () => {
    expect(publicationDate({ status: 'draft', publishedAt: null }, 'Draft')).toBe('Draft')
    expect(publicationDate({ status: 'draft', publishedAt: '2026-03-01T10:00:00.000Z' }, 'Draft')).toBe('Draft')
  })

  it('says when a scheduled post goes out', () => {
    expect(publicationDate({ status: 'scheduled', publishedAt: '2031-01-15T09:30:00.000Z' }, 'Draft')).toMatch(
      /^Scheduled for Jan 15, 2031/,
    )
  })
})
