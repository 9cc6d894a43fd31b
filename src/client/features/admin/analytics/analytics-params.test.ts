import { describe, expect, it } from 'vitest'
import { analyticsQueryOf, withFilter, withRange } from './analytics-params.ts'

describe('analytics screen state in the URL', () => {
  it('takes only the API’s keys, and drops empty ones', () => {
    const params = new URLSearchParams('days=7&post=&dimension=source&value=Google&tab=x')
    expect(analyticsQueryOf(params)).toEqual({ days: '7', dimension: 'source', value: 'Google' })
  })

  it('replaces the range and keeps the filters', () => {
    const custom = withRange(new URLSearchParams('days=90&post=p1'), { from: '2026-01-01', to: '2026-01-31' })
    expect(custom.toString()).toBe('post=p1&from=2026-01-01&to=2026-01-31')
    expect(withRange(custom, { days: '7' }).toString()).toBe('post=p1&days=7')
  })

  it('sets and removes the post filter and the row filter independently', () => {
    const byRow = withFilter(new URLSearchParams('days=7'), { dimension: 'source', value: 'Direct' })
    const both = withFilter(byRow, { post: 'p1' })
    expect(both.toString()).toBe('days=7&dimension=source&value=Direct&post=p1')
    expect(withFilter(both, { dimension: 'device', value: 'mobile' }).toString()).toBe(
      'days=7&dimension=device&value=mobile&post=p1',
    )
    expect(withFilter(both, { dimension: null }).toString()).toBe('days=7&post=p1')
    expect(withFilter(both, { post: null }).toString()).toBe('days=7&dimension=source&value=Direct')
  })
})
