/** Longest path (with its query) a redirect rule or the 404 log keeps. */
export const MAX_SITE_PATH = 500

export type SitePathResult = { ok: true; path: string } | { ok: false; error: string }

export const EXTERNAL_PATH_ERROR = 'Redirects can only point to pages on this site'
const NOT_A_PATH_ERROR = 'Path must start with / (or be a full URL of this site)'

const BASE = 'http://site.invalid'

/**
 * Browsers read `\` as `/` and some proxies decode `%2F` and `%5C` before routing, so a path is judged in the form
 * where all three are plain slashes: `/%2F%2Fevil.example` must not pass as a site path.
 */
const slashesUnmasked = (pathPart: string) => pathPart.replace(/\\|%2f|%5c/gi, '/')

/** Where a path leaves this site: `//host` (or `/\host`) is a network path, read by browsers as another site. */
const leavesSite = (pathname: string) => /^\/[/\\]/.test(pathname)

/**
 * A site path in the one form redirect rules are stored and looked up in: percent-encoded as URL parsing leaves
 * it, dot segments resolved, repeated slashes collapsed, no trailing slash (but "/"), no fragment, the query kept
 * (WordPress's "/?p=123" is an address of its own). A full URL is accepted only when it points at this site
 * (`siteOrigin`); anything else, and anything that would resolve to another host once dot segments, backslashes
 * or encoded slashes are read, is external.
 */
export function normaliseSitePath(input: string, siteOrigin: string): SitePathResult {
  const text = input.trim()
  if (!text) return { ok: false, error: 'Path is required' }
  let url: URL
  try {
    if (text.startsWith('/') || text.startsWith('\\')) {
      const q = text.search(/[?#]/)
      const pathPart = q === -1 ? text : text.slice(0, q)
      url = new URL(slashesUnmasked(pathPart) + (q === -1 ? '' : text.slice(q)), BASE)
      if (url.origin !== BASE) return { ok: false, error: EXTERNAL_PATH_ERROR }
    } else {
      url = new URL(text)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: EXTERNAL_PATH_ERROR }
      if (url.origin !== new URL(siteOrigin).origin) return { ok: false, error: EXTERNAL_PATH_ERROR }
      // Judge the path of a full URL as if it had been typed alone.
      return normaliseSitePath(`${url.pathname}${url.search}`, siteOrigin)
    }
  } catch {
    return { ok: false, error: NOT_A_PATH_ERROR }
  }
  if (leavesSite(url.pathname) || leavesSite(slashesUnmasked(url.pathname)))
    return { ok: false, error: EXTERNAL_PATH_ERROR }
  const collapsed = url.pathname.replace(/\/{2,}/g, '/')
  const pathname = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') || '/' : collapsed
  const path = `${pathname}${url.search}`
  if (path.length > MAX_SITE_PATH) return { ok: false, error: `Path must be at most ${MAX_SITE_PATH} characters` }
  return { ok: true, path }
}

/** The part of a normalised site path a request is matched on when its exact address has no rule. */
export const withoutQuery = (path: string): string => {
  const q = path.indexOf('?')
  return q === -1 ? path : path.slice(0, q) || '/'
}

/** The lookup keys of a request URL: the exact path with its query first, then the path alone. */
export function requestPathKeys(requestUrl: string): string[] {
  const result = normaliseSitePath(requestUrl.startsWith('/') ? requestUrl : `/${requestUrl}`, BASE)
  if (!result.ok) return []
  const bare = withoutQuery(result.path)
  return bare === result.path ? [result.path] : [result.path, bare]
}

/**
 * Whether a request for `target` would be caught again by the rule starting at `from`: rules match a request by its
 * exact address or by its path alone, so `/a → /a?x=1` loops as surely as `/a → /a`.
 */
export const leadsBackTo = (from: string, target: string): boolean => from === target || from === withoutQuery(target)
