import { cleanText, hasControlCharacters } from '../text/clean-text.ts'

/** The last path split: a router tries one path against several patterns in a row (every cached page's key too). */
let last: [string, string[]] = ['', []]

/** '/blog/:slug' against '/blog/hello' -> { slug: 'hello' }; null when it doesn't match. A trailing '/*' matches any rest. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (last[0] !== pathname) last = [pathname, pathname.split('/').filter(Boolean)]
  const pathParts = last[1]
  const patternParts = pattern.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i]!
    if (part === '*') return params
    const value = pathParts[i]
    if (value === undefined) return null
    if (part.startsWith(':')) {
      try {
        // The server renders these pages too: the parameter gets the same rules as any API path parameter (ADR 090).
        const decoded = decodeURIComponent(value)
        if (hasControlCharacters(decoded)) return null
        params[part.slice(1)] = cleanText(decoded)
      } catch {
        return null
      }
    } else if (part !== value) return null
  }
  return patternParts.length === pathParts.length ? params : null
}

/** A pattern with its `:name` parts filled in, each encoded as one path segment. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
}
