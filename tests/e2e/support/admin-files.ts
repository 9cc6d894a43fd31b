/** A valid 2x2 PNG (the upload endpoint checks the bytes, not the name). */
export const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVQI12P4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
)

export function pngFile(name: string) {
  return { name, mimeType: 'image/png', buffer: PNG_2X2 }
}
