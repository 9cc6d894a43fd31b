/** '/blog/:slug' against '/blog/hello' -> { slug: 'hello' }; null when it doesn't match. A trailing '/*' matches any rest. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const patternParts = pattern.split('/').filter(Boolean)
  const pathParts = trimmed.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i]!
    if (part === '*') return params
    const value = pathParts[i]
    if (value === undefined) return null
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value)
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
