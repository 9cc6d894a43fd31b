// C0 controls but tab, line feed and carriage return. NUL above all: PostgreSQL text cannot hold it, SQLite can.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const C0_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g
// Bidi embeddings, overrides and isolates: in a name or title they can reorder what the admin reads.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const LINE_BREAKS = /[\t\r\n]+/g

/**
 * The one form every string takes when it enters the server (ADR 090): lone surrogates become U+FFFD (neither
 * engine stores them), C0 controls but tab and line breaks are dropped, and the text is NFC.
 */
export function cleanText(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD').replace(C0_CONTROLS, '').normalize('NFC')
}

/** True when cleanText would drop something: in a path segment that means it names nothing (ADR 090). */
export function hasControlCharacters(text: string): boolean {
  return text.replace(C0_CONTROLS, '') !== text
}

/** A name or title: one line, no bidi controls. */
export function cleanLine(text: string): string {
  return cleanText(text).replace(BIDI_CONTROLS, '').replace(LINE_BREAKS, ' ')
}
