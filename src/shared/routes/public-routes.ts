import type { PostSort } from '../schemas/post.ts'
import { cleanText } from '../text/clean-text.ts'
import { POST_SORTS } from '../site/constants.ts'
import { matchPath } from './match-path.ts'
import { patterns } from './patterns.ts'

/** The list filters as kept in the URL (`?q=&sort=&category=&page=`); a tag page's tag comes from its path. */
export type ListParams = { q: string; sort: PostSort; category: string; page: number; tag?: string }

/** The public routes of spec §2. Shared by the React tree and the SSR loader so both agree on what a URL shows. */
export type PublicRoute =
  | { name: 'home' }
  | { name: 'blog' }
  | { name: 'category'; slug: string }
  | { name: 'tag'; tag: string }
  | { name: 'post'; slug: string }
  | { name: 'preview'; token: string }
  | { name: 'footer-page'; slug: string }
  | { name: 'not-found' }

export function matchPublicRoute(pathname: string): PublicRoute {
  if (matchPath(patterns.home, pathname)) return { name: 'home' }
  if (matchPath(patterns.blog, pathname)) return { name: 'blog' }
  const post = matchPath(patterns.post, pathname)
  if (post?.slug) return { name: 'post', slug: post.slug }
  const preview = matchPath(patterns.preview, pathname)
  if (preview?.token) return { name: 'preview', token: preview.token }
  const category = matchPath(patterns.category, pathname)
  if (category?.slug) return { name: 'category', slug: category.slug }
  const tag = matchPath(patterns.tag, pathname)
  if (tag?.tag) return { name: 'tag', tag: tag.tag }
  const page = matchPath(patterns.footerPage, pathname)
  if (page?.slug) return { name: 'footer-page', slug: page.slug }
  return { name: 'not-found' }
}

const MAX_QUERY = 200

/**
 * The list filters from the URL, normalised (unknown sort -> latest, bad page -> 1). A category or tag route fixes
 * its own filter (`?category=` is then ignored).
 */
export function readListParams(search: URLSearchParams | string, categorySlug?: string, tag?: string): ListParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const text = (name: string) => cleanText(params.get(name) ?? '').trim()
  const sortParam = params.get('sort') ?? ''
  const sort: PostSort = (POST_SORTS as readonly string[]).includes(sortParam) ? (sortParam as PostSort) : 'latest'
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    q: text('q').slice(0, MAX_QUERY),
    sort,
    category: categorySlug ?? text('category').slice(0, 120),
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
    ...(tag === undefined ? {} : { tag }),
  }
}

/** The URL search string for list params (defaults left out so URLs stay short). */
export function listSearch(p: Partial<ListParams>, includeCategory = true): string {
  const s = new URLSearchParams()
  if (p.q) s.set('q', p.q)
  if (p.sort && p.sort !== 'latest') s.set('sort', p.sort)
  if (includeCategory && p.category) s.set('category', p.category)
  if (p.page && p.page > 1) s.set('page', String(p.page))
  const str = s.toString()
  return str ? `?${str}` : ''
}
