import { describe, expect, it } from 'vitest'
import { scanGifFrames } from './gif-frames.ts'
import { claimingGif, tinyGif } from '#test/support/test-images.ts'

describe('scanGifFrames', () => {
  it('counts frames and measures the logical screen', () => {
    expect(scanGifFrames(tinyGif())).toEqual({ frames: 1, width: 1, height: 1 })
    expect(scanGifFrames(tinyGif(true))).toEqual({ frames: 1, width: 1, height: 1 }) // comment and XMP extensions skipped
    expect(scanGifFrames(claimingGif({ screen: 400, frames: 300 }))).toEqual({ frames: 300, width: 400, height: 400 })
  })

  it('grows the canvas to a frame that claims to be larger than the screen', () => {
    expect(scanGifFrames(claimingGif({ screen: 10, frame: [8000, 6000] }))).toEqual({
      frames: 1,
      width: 8000,
      height: 6000,
    })
  })

  it('stops at damage without throwing', () => {
    const gif = claimingGif({ screen: 10, frames: 3 })
    expect(scanGifFrames(gif.subarray(0, gif.length - 10)).frames).toBe(3)
    expect(scanGifFrames(Buffer.concat([gif.subarray(0, 19), Buffer.from([0x99]), gif.subarray(19)])).frames).toBe(1)
    expect(scanGifFrames(Buffer.from('GIF89a')).frames).toBe(1)
  })
})
