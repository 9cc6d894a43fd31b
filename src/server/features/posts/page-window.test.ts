import { describe, expect, it } from 'vitest'
import { pageWindow } from './posts.repo.ts'

describe('pageWindow', () => {
  it('reads the first half from the start', () => {
    expect(pageWindow(100, { limit: 9, offset: 0 })).toEqual({ from: 'start', limit: 9, offset: 0 })
    expect(pageWindow(100, { limit: 9, offset: 45 })).toEqual({ from: 'start', limit: 9, offset: 45 })
  })

  it('reads the second half backwards from the end, never walking more than half the list', () => {
    expect(pageWindow(100, { limit: 9, offset: 90 })).toEqual({ from: 'end', limit: 9, offset: 1 })
    // The last page is partial: its 1 row is the first from the end.
    expect(pageWindow(100, { limit: 9, offset: 99 })).toEqual({ from: 'end', limit: 1, offset: 0 })
    expect(pageWindow(100, { limit: 9, offset: 50 })).toEqual({ from: 'end', limit: 9, offset: 41 })
    for (let offset = 0; offset < 100_000; offset += 9)
      expect(pageWindow(100_000, { limit: 9, offset }).offset).toBeLessThanOrEqual(50_000)
  })

  it('gives nothing to read past the end', () => {
    expect(pageWindow(100, { limit: 9, offset: 100 }).limit).toBe(0)
    expect(pageWindow(0, { limit: 9, offset: 0 }).limit).toBe(0)
  })
})
