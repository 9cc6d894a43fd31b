import { describe, expect, it } from 'vitest'
import { lastDays } from './views-chart.tsx'

describe('lastDays', () => {
  it('returns one entry per day, oldest first, zero-filled, ending today (UTC)', () => {
    const days = lastDays(
      [
        { day: '2026-03-10', views: 4 },
        { day: '2026-03-08T00:00:00.000Z', views: 2 },
      ],
      3,
      new Date('2026-03-10T23:30:00Z'),
    )
    expect(days).toEqual([
      { day: '2026-03-08', views: 2 },
      { day: '2026-03-09', views: 0 },
      { day: '2026-03-10', views: 4 },
    ])
  })
})
