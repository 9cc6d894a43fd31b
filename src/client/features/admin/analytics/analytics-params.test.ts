import { describe, expect, it } from 'vitest'
import { analyticsQueryOf, withFilter, withRange } from './analytics-params.ts'

describe('analytics screen state in the URL', () => {
  it('takes only the API’s keys, and drops empty ones', () => {
    const params = new URLSearchParams('days=7&post=&source=Google&device=mobile&tab=x')
    expect(analyticsQueryOf(params)).toEqual({ days: '7', source: 'Google', device: 'mobile' })
  })

  it('replaces the range and keeps the filters', () => {
    const custom = withRange(new URLSearchParams('days=90&post=p1'), { from: '2026-01-01', to: '2026-01-31' })
    expect(custom.toString()).toBe('post=p1&from=2026-01-01&to=2026-01-31')
    expect(withRange(custom, { days: '7' }).toString()).toBe('post=p1&days=7')
  })

  it('combines filters, one per dimension, and removes each on its own', () => {
    const bySource = withFilter(new URLSearchParams('days=7'), 'source', 'Direct')
    const all = withFilter(withFilter(bySource, 'post', 'p1'), 'device', 'mobile')
    expect(all.toString()).toBe('days=7&source=Direct&post=p1&device=mobile')
    expect(withFilter(all, 'device', 'tablet').toString()).toBe('days=7&source=Direct&post=p1&device=tablet')
    expect(withFilter(all, 'source', null).toString()).toBe('days=7&post=p1&device=mobile')
    expect(withFilter(all, 'post', null).toString()).toBe('days=7&source=Direct&device=mobile')
  })
})
