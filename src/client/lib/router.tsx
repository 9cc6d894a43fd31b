import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react'

/**
 * A small router (history API + path patterns). The site has a dozen routes and no nested layouts, so a
 * library router's weight in the reader bundle would buy nothing (docs/decisions/004-small-router.md).
 */
export type Location = { pathname: string; search: string; hash: string }
type NavigateOptions = { replace?: boolean; scroll?: boolean }
type RouterValue = { location: Location; navigate: (to: string, options?: NavigateOptions) => void }

const RouterContext = createContext<RouterValue | null>(null)

function parse(url: string): Location {
  const u = new URL(url, 'http://x')
  return { pathname: u.pathname, search: u.search, hash: u.hash }
}

function currentLocation(): Location {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }
}

/** `url` is the request URL during SSR; in the browser the router follows window.location. */
export function RouterProvider({ url, children }: { url?: string; children: ReactNode }) {
  const [location, setLocation] = useState<Location>(() =>
    typeof window === 'undefined' ? parse(url ?? '/') : currentLocation(),
  )

  useEffect(() => {
    const onPop = () => setLocation(currentLocation())
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])

  const navigate = useCallback((to: string, { replace = false, scroll = true }: NavigateOptions = {}) => {
    const target = new URL(to, window.location.href)
    if (target.origin !== window.location.origin) {
      window.location.assign(target.href)
      return
    }
    const next = `${target.pathname}${target.search}${target.hash}`
    if (replace) window.history.replaceState(null, '', next)
    else window.history.pushState(null, '', next)
    setLocation(currentLocation())
    if (scroll && !target.hash) window.scrollTo(0, 0)
  }, [])

  const value = useMemo(() => ({ location, navigate }), [location, navigate])
  return <RouterContext value={value}>{children}</RouterContext>
}

function useRouter(): RouterValue {
  const value = use(RouterContext)
  if (!value) throw new Error('useRouter outside RouterProvider')
  return value
}

export const useLocation = () => useRouter().location
export const useNavigate = () => useRouter().navigate

/** URL search params plus a setter that keeps the rest of the URL (replace by default: filters shouldn't flood history). */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter()
  const params = useMemo(() => new URLSearchParams(location.search), [location.search])
  const setParams = useCallback(
    (next: URLSearchParams, options: NavigateOptions = { replace: true, scroll: false }) => {
      const s = next.toString()
      navigate(`${location.pathname}${s ? `?${s}` : ''}`, options)
    },
    [location.pathname, navigate],
  )
  return [params, setParams]
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean }

/** An ordinary <a href> (works without JS); with JS, same-origin left clicks navigate client-side. */
export function Link({ href, replace, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useRouter()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    if (target && target !== '_self') return
    if (!href.startsWith('/') || href.startsWith('//')) return
    event.preventDefault()
    navigate(href, { replace })
  }
  return <a href={href} target={target} onClick={handleClick} {...rest} />
}
