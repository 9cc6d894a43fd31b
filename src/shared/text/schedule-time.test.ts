import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fromLocalInput, localTimeZone, toLocalInput } from './schedule-time.ts'

describe('schedule times in the author’s time zone', () => {
  const saved = process.env.TZ
  beforeEach(() => {
    process.env.TZ = 'America/New_York'
  })
  afterEach(() => {
    process.env.TZ = saved
  })

  it('shows a stored UTC moment as local time, and reads local time back as UTC', () => {
    expect(toLocalInput('2026-03-05T15:30:00.000Z')).toBe('2026-03-05T10:30')
    expect(fromLocalInput('2026-03-05T10:30')).toBe('2026-03-05T15:30:00.000Z')
    // Summer time: a different offset, still the author's wall clock.
    expect(fromLocalInput('2026-07-05T10:30')).toBe('2026-07-05T14:30:00.000Z')
    expect(toLocalInput(fromLocalInput('2026-11-20T23:05')!)).toBe('2026-11-20T23:05')
  })

  it('reads nothing from an empty or malformed value', () => {
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('tomorrow')).toBeNull()
    expect(fromLocalInput('2026-13-45T99:99')).toBeNull()
  })

  it('names the zone and its offset', () => {
    expect(localTimeZone(new Date('2026-01-15T12:00:00Z'))).toBe('America/New_York (GMT-5)')
  })
})
