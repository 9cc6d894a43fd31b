import { describe, expect, it } from 'vitest'
import { unknownTokens } from './unknown-tokens.ts'

describe('unknownTokens', () => {
  it('remembers a token for its time to live only', () => {
    const unknown = unknownTokens({ ttlMs: 30_000, max: 10 })
    unknown.add('a', 1_000)
    expect(unknown.has('a', 30_999)).toBe(true)
    expect(unknown.has('a', 31_000)).toBe(false)
    expect(unknown.size).toBe(0)
  })

  it('stays within its bound under a flood of distinct tokens, forgetting the oldest first', () => {
    const unknown = unknownTokens({ ttlMs: 30_000, max: 100 })
    for (let i = 0; i < 10_000; i++) unknown.add(`token-${i}`, 0)
    expect(unknown.size).toBe(100)
    expect(unknown.has('token-9999', 0)).toBe(true)
    expect(unknown.has('token-9900', 0)).toBe(true)
    expect(unknown.has('token-9899', 0)).toBe(false)
  })

  it('a token added again moves to the newest end', () => {
    const unknown = unknownTokens({ ttlMs: 30_000, max: 2 })
    unknown.add('a', 0)
    unknown.add('b', 0)
    unknown.add('a', 0)
    unknown.add('c', 0)
    expect(unknown.has('a', 0)).toBe(true)
    expect(unknown.has('b', 0)).toBe(false)
  })
})
