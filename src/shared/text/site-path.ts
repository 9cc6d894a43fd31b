/** Longest path (with its query) a redirect rule or the 404 log keeps. */
export const MAX_SITE_PATH = 500

export type SitePathResult = { ok: true; path: string } | { ok: false; error: string }

/**
 * A site path in the one form redirect rules are stored and looked up in: percent-encoded as URL parsing leaves
 * it, no trailing slash (but "/"), no fragment, the query kept (WordPress's "/?p=123" is an address of its own).
 * A full URL is accepted only when it points at this site (`siteOrigin`); anything else is external.
 */
export function normaliseSitePath(input: string, siteOrigin: string): SitePathResult {
  const text = input.trim()
  if (!text) return { ok: false, error: 'Path is required' }
  let url: URL
  try {
    if (text.startsWith('/')) {
      if (text.startsWith('//') || text.startsWith('/\\'))
        return { ok: false, error: 'Redirects can only point to pages on this site' }
      url = new URL(text, 'http://site.invalid')
    } else {
      url = new URL(text)
      if (url.origin !== new URL(siteOrigin).origin)
        return { ok: false, error: 'Redirects can only point to pages on this site' }
    }
  } catch {
    return { ok: false, error: 'Path must start with / (or be a full URL of this site)' }
  }
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname
  const path = `${pathname}${url.search}`
  if (path.length > MAX_SITE_PATH) return { ok: false, error: `Path must be at most ${MAX_SITE_PATH} characters` }
  return { ok: true, path }
}

/** The lookup keys of a request URL: the exact path with its query first, then the path alone. */
export function requestPathKeys(requestUrl: string): string[] {
  const result = normaliseSitePath(requestUrl.startsWith('/') ? requestUrl : `/${requestUrl}`, 'http://site.invalid')
  if (!result.ok) return []
  const q = result.path.indexOf('?')
  return q === -1 ? [result.path] : [result.path, result.path.slice(0, q) || '/']
}
