import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatViews, plural, tooManyAttempts, viewsText } from './format.ts'

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

describe('viewsText', () => {
  it('says "view" for one and "views" otherwise', () => {
    expect(viewsText(0)).toBe('0 views')
    expect(viewsText(1)).toBe('1 view')
    expect(viewsText(2)).toBe('2 views')
    expect(viewsText(1500)).toBe('1.5K views')
  })
})

describe('formatDate', () => {
  it('formats in en-US, in UTC', () => {
    expect(formatDate('2025-03-01T23:30:00.000Z')).toBe('March 1, 2025')
    expect(formatDate('2025-12-31T00:00:00.000Z')).toBe('December 31, 2025')
  })

  it("formats in the site's time zone when it has one", () => {
    expect(formatDate('2025-03-01T23:30:00.000Z', 'Europe/Zurich')).toBe('March 2, 2025')
    expect(formatDate('2025-03-01T02:30:00.000Z', 'America/New_York')).toBe('February 28, 2025')
    expect(formatDate('2025-03-01T23:30:00.000Z', 'UTC')).toBe('March 1, 2025')
  })

  it('gives every moment of a day the text Intl gives it, including days before 1970 and the first and last millisecond', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    const moments = [
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '0099-06-15T12:00:00.000Z',
      '2024-02-29T00:00:00.000Z',
      '2024-02-29T23:59:59.999Z',
    ]
    for (let i = 0; i < 500; i++) moments.push(new Date(Date.UTC(1900, 0, 1) + i * 7_777_777_777).toISOString())
    for (const iso of moments) {
      expect(formatDate(iso), iso).toBe(intl.format(new Date(iso)))
      expect(formatDate(iso), `${iso}, again`).toBe(intl.format(new Date(iso)))
    }
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

describe('tooManyAttempts', () => {
  it('reads Retry-After in seconds, minutes or hours, rounded up, singular or plural', () => {
    expect(tooManyAttempts(1)).toBe('Too many attempts. Try again in 1 second.')
    expect(tooManyAttempts(45)).toBe('Too many attempts. Try again in 45 seconds.')
    expect(tooManyAttempts(60)).toBe('Too many attempts. Try again in 1 minute.')
    expect(tooManyAttempts(61)).toBe('Too many attempts. Try again in 2 minutes.')
    expect(tooManyAttempts(14 * 60)).toBe('Too many attempts. Try again in 14 minutes.')
    expect(tooManyAttempts(3600)).toBe('Too many attempts. Try again in 1 hour.')
    expect(tooManyAttempts(3 * 3600 - 5)).toBe('Too many attempts. Try again in 3 hours.')
  })

  it('never says zero, and guesses a minute when the header is missing', () => {
    expect(tooManyAttempts(0)).toBe('Too many attempts. Try again in 1 second.')
    expect(tooManyAttempts(0.2)).toBe('Too many attempts. Try again in 1 second.')
    expect(tooManyAttempts(null)).toBe('Too many attempts. Try again in 1 minute.')
  })
})

describe('formatDateTime', () => {
  it('shows the moment in the given time zone, with the zone', () => {
    expect(formatDateTime('2026-03-05T09:30:00.000Z', 'Europe/Berlin')).toBe('Mar 5, 2026, 10:30 AM GMT+1')
    expect(formatDateTime('2026-07-05T09:30:00.000Z', 'UTC')).toBe('Jul 5, 2026, 9:30 AM UTC')
  })
})
