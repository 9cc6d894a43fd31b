import { isSafeUrl } from '../schemas/common.ts'

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  num: '#',
  excl: '!',
}

/** Decodes the character references a browser would decode inside an attribute (numeric and the usual named ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole
  })
}

function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol
  } catch {
    return null
  }
}

/**
 * The URL a link or image may point at, normalised the way a browser would read it, or null when it is not allowed.
 * Allowed: http:, https:, site-relative paths, and mailto: for links. The result is percent-encoded but not yet
 * HTML-escaped; every '&' is escaped on output, so the browser sees exactly the URL checked here.
 */
export function safeUrl(raw: string, opts: { allowMailto: boolean; literal?: boolean }): string | null {
  // Browsers drop tabs/newlines anywhere in a URL and strip leading/trailing controls and spaces.
  const url = (opts.literal ? raw : decodeEntities(raw))
    .replace(/[\t\n\r]/g, '')
    // eslint-disable-next-line no-control-regex -- same
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (!url || /[\u0000-\u001f\u007f]/.test(url)) return null
  const allowed = isSafeUrl(url) || (opts.allowMailto && protocolOf(url) === 'mailto:')
  if (!allowed) return null
  try {
    return encodeURI(url).replace(/%25/g, '%')
  } catch {
    return null
  }
}
