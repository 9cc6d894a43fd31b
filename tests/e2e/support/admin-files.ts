/** A valid 2x2 PNG (the upload endpoint checks the bytes, not the name, and now decodes them: the checksums must hold). */
export const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFElEQVQImWP4z8DAAMIM/////w8AH+4F+0HwQUsAAAAASUVORK5CYII=',
  'base64',
)

export function pngFile(name: string) {
  return { name, mimeType: 'image/png', buffer: PNG_2X2 }
}

/** A PNG no other upload shares (the library stores identical bytes once): a random colour, made with sharp. */
export async function uniquePng(name: string, width = 64, height = 48) {
  const { default: sharp } = await import('sharp')
  const [r, g, b] = [0, 0, 0].map(() => Math.floor(Math.random() * 256)) as [number, number, number]
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

/** SVG with script, named and typed as a PNG: the server must refuse it by its bytes. */
export const SVG_AS_PNG = {
  name: 'evil.png',
  mimeType: 'image/png',
  buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
}
