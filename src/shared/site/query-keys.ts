import type { ListParams } from '../routes/public-routes.ts'
import { PUBLIC_PAGE_SIZE } from './constants.ts'

/**
 * The reader site's query keys: the API URL in parts (spec §7), shared with the admin panel's cache refreshes.
 * The browser's queries (src/client/features/site/queries.ts) and the SSR loader (src/server/ssr/load-page.ts)
 * both build their keys here, so the server fills exactly the entries the page reads.
 */
export const siteKeys = {
  featured: () => ['/api/posts/featured'] as const,
  postPage: (p: ListParams, limit = PUBLIC_PAGE_SIZE) => ['/api/posts', 'page', { ...p, limit }] as const,
  postBySlug: (slug: string) => ['/api/posts/slug', slug] as const,
  preview: (token: string) => ['/api/previews', token] as const,
  related: (id: string) => ['/api/posts', id, 'related'] as const,
  likes: (id: string) => ['/api/posts', id, 'likes'] as const,
  /** A page of the post's comments: the first, or the one after the comment `after`. */
  comments: (id: string, after?: string) => ['/api/posts', id, 'comments', after ?? null] as const,
  categories: () => ['/api/categories'] as const,
  tag: (tag: string) => ['/api/tags', tag] as const,
  footerPage: (slug: string) => ['/api/footer-pages/slug', slug] as const,
  settings: () => ['/api/site-settings'] as const,
  identity: () => ['/api/site-identity'] as const,
  navigation: () => ['/api/navigation'] as const,
  author: (id: string) => ['/api/authors', id] as const,
  subscriptions: () => ['/api/subscriptions'] as const,
  fediverse: () => ['/api/fediverse'] as const,
}

/** Home's 'Latest Articles': the first page, with room for the featured posts it leaves out. */
export const LATEST_ON_HOME = 12
export const latestListParams = (): ListParams => ({ q: '', sort: 'latest', category: '', page: 1 })
