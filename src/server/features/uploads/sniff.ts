import type { ImageExt } from '#shared/images/variants.ts'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const startsWith = (bytes: Uint8Array, expected: readonly number[], at = 0) =>
  bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/**
 * The image type by its leading bytes only; never by file name or declared type. Anything else
 * (SVG, HTML, text, a polyglot that does not start with a real signature) is null.
 */
export function sniffImage(bytes: Uint8Array): ImageExt | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  return null
}

// Markup no picture contains: compressed pixel data matching one of these by chance is vanishingly unlikely, and
// metadata (XMP uses <x:xmpmeta>, <rdf:…>) never does. Elements that run script or load something when a browser
// sniffs the file as HTML, by name, and any tag carrying an event handler (`<img src=x onerror=…>`, `<a onclick=…>`).
const MARKUP_ELEMENTS =
  'script|html|head|body|svg|math|iframe|frame|frameset|object|embed|applet|img|image|video|audio|source|style|link|meta|base|form|input|button|textarea|select|details|marquee|template|noscript|xmp|!doctype'
const MARKUP = new RegExp(`<(?:${MARKUP_ELEMENTS})[\\s>/]|<[a-z][a-z0-9-]*[\\s/][^<>]{0,500}?\\bon[a-z]{3,}\\s*=`, 'i')

/**
 * True for a polyglot: a real image signature with HTML or SVG hidden inside or after it. Such a file is refused
 * outright, even though re-encoding would drop the payload, so the library never holds one.
 */
export function containsMarkup(bytes: Uint8Array): boolean {
  return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))
}
