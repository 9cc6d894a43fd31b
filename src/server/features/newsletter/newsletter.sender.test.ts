import { describe, expect, it } from 'vitest'
import { backoffMs, batchSize } from './newsletter.sender.ts'

const MINUTE = 60_000

describe('newsletter retries and batches', () => {
  it('backs off 1 minute after the first failure, doubling, at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      16 * MINUTE,
      32 * MINUTE,
      60 * MINUTE,
      60 * MINUTE,
    ])
  })

  it('claims what MAIL_RATE sends in 10 seconds, at most 200; unbounded (0) claims 200', () => {
    expect([1, 5, 40, 1000, 0].map(batchSize)).toEqual([10, 50, 200, 200, 200])
  })
})
