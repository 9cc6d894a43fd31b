/**
 * An old address in the one form redirects are stored and looked up in: a site path, percent-encoded as URL
 * parsing leaves it, no trailing slash (but "/"), no fragment, the query kept ("/?p=12" is an address of its own).
 * A full URL keeps only its path and query. Null for anything that is not an address on a site.
 */
export function oldSitePath(input: string): string | null {
  const text = input.trim()
  if (!text) return null
  let url: URL
  try {
    url = text.startsWith('/') && !text.startsWith('//') ? new URL(text, 'http://site.invalid') : new URL(text)
  } catch {
    try {
      url = new URL(`/${text}`, 'http://site.invalid')
    } catch {
      return null
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname
  const path = `${pathname}${url.search}`
  return path.length <= 500 ? path : null
}
