export type GifFrames = { frames: number; width: number; height: number }

/**
 * The canvas a GIF decoder will really allocate: its logical screen grown to fit every frame (a frame may claim to
 * be larger than the screen), and how many frames there are. Walks the block structure without decoding any pixel
 * data, so a few kilobytes that claim a huge animation are measured in microseconds. Stops at the trailer or at the
 * first byte that is not a valid block; decoding judges the rest.
 */
export function scanGifFrames(b: Uint8Array): GifFrames {
  const u16 = (at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)
  const colorTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0)
  let width = u16(6)
  let height = u16(8)
  let frames = 0
  const skipSubBlocks = (at: number) => {
    let j = at
    while (j < b.length && b[j] !== 0) j += 1 + b[j]!
    return j + 1
  }
  let i = 13 + colorTable(b[10] ?? 0)
  while (i < b.length) {
    const introducer = b[i]
    if (introducer === 0x2c) {
      frames++
      width = Math.max(width, u16(i + 1) + u16(i + 5))
      height = Math.max(height, u16(i + 3) + u16(i + 7))
      i = skipSubBlocks(i + 10 + colorTable(b[i + 9] ?? 0) + 1) // + LZW minimum code size
    } else if (introducer === 0x21) {
      i = skipSubBlocks(i + 2)
    } else {
      break // 0x3b trailer, or damage
    }
  }
  return { frames: Math.max(frames, 1), width, height }
}
