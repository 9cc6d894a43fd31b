import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors.ts'
import { nextPublication } from './posts.publication.ts'

const now = new Date('2026-05-01T12:00:00.000Z')
const future = '2026-05-02T08:00:00.000Z'
const past = '2026-04-01T08:00:00.000Z'

describe('nextPublication', () => {
  it('schedules at the time asked, in UTC', () => {
    expect(nextPublication(undefined, { status: 'scheduled', publishedAt: '2026-05-02T10:00:00+02:00' }, now)).toEqual({
      status: 'scheduled',
      published_at: future,
    })
  })

  it('publishes now when the time asked has passed, or is now', () => {
    for (const publishedAt of [past, now.toISOString()]) {
      expect(nextPublication(undefined, { status: 'scheduled', publishedAt }, now)).toEqual({
        status: 'published',
        published_at: now.toISOString(),
      })
    }
  })

  it('keeps a schedule through edits that leave status and time out, and publishes it once it is due', () => {
    const scheduled = { status: 'scheduled', published_at: future }
    expect(nextPublication(scheduled, {}, now)).toEqual({ status: 'scheduled', published_at: future })
    expect(nextPublication(scheduled, {}, new Date('2026-05-03T00:00:00.000Z'))).toEqual({
      status: 'published',
      published_at: '2026-05-03T00:00:00.000Z',
    })
  })

  it('drops a schedule the post leaves: to draft it has no time, published it goes out now', () => {
    const scheduled = { status: 'scheduled', published_at: future }
    expect(nextPublication(scheduled, { status: 'draft' }, now)).toEqual({ status: 'draft', published_at: null })
    expect(nextPublication(scheduled, { status: 'published' }, now)).toEqual({
      status: 'published',
      published_at: now.toISOString(),
    })
  })

  it('keeps the first publication time of a published post, even through a draft', () => {
    const published = { status: 'published', published_at: past }
    expect(nextPublication(published, {}, now)).toEqual({ status: 'published', published_at: past })
    expect(nextPublication(published, { status: 'draft' }, now)).toEqual({ status: 'draft', published_at: past })
    expect(nextPublication({ status: 'draft', published_at: past }, { status: 'published' }, now)).toEqual({
      status: 'published',
      published_at: past,
    })
  })

  it('ignores a time sent with any other status', () => {
    expect(nextPublication(undefined, { status: 'draft', publishedAt: future }, now)).toEqual({
      status: 'draft',
      published_at: null,
    })
    expect(nextPublication(undefined, { status: 'published', publishedAt: future }, now)).toEqual({
      status: 'published',
      published_at: now.toISOString(),
    })
  })

  it('refuses a schedule with no time, or one that does not fit the stored format', () => {
    for (const wanted of [
      { status: 'scheduled' as const },
      { status: 'scheduled' as const, publishedAt: '9999-12-31T23:00:00-05:00' },
    ]) {
      expect(() => nextPublication({ status: 'draft', published_at: past }, wanted, now)).toThrow(AppError)
    }
  })
})
