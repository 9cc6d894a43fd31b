import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { brotliWindowBits, compress } from './encoding.ts'

describe('compression of cached answers', () => {
  it('sizes the brotli window to the body, within brotli limits', () => {
    expect(brotliWindowBits(0)).toBe(10)
    expect(brotliWindowBits(60_000)).toBe(16)
    expect(brotliWindowBits(300_000)).toBe(19)
    expect(brotliWindowBits(100_000_000)).toBe(24)
  })

  it('round-trips small, page-sized and larger-than-window bodies in both encodings', async () => {
    const page = Buffer.from(Array.from({ length: 3000 }, (_, i) => `<p>line ${i} of a page ${i % 7}</p>`).join('\n'))
    const big = Buffer.concat(Array.from({ length: 80 }, (_, i) => Buffer.from(`${i}:`.repeat(40_000))))
    for (const body of [Buffer.from('tiny'), page.subarray(0, 10_000), page.subarray(0, 40_000), page, big]) {
      expect(brotliDecompressSync(await compress(body, 'br')).equals(body)).toBe(true)
      expect(gunzipSync(await compress(body, 'gzip')).equals(body)).toBe(true)
    }
  })
})
