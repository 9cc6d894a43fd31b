import { queryOptions } from '@tanstack/react-query'
import type { Category } from '#shared/schemas/category.ts'
import type { LikesSummary, PublicComment } from '#shared/schemas/engagement.ts'
import type { PostCard, PostDetail, PostPage, PostSort } from '#shared/schemas/post.ts'
import type { FooterPage, SiteSetting } from '#shared/schemas/site.ts'
import type { Tag } from '#shared/schemas/tag.ts'
import { apiRequest, HttpError, queryString } from '../../lib/api.ts'
import { requestJson } from '../../lib/get-json.ts'
import { PUBLIC_PAGE_SIZE } from './constants.ts'

/**
 * The reader site's queries. Keys are the API URL in parts (spec §7), shared with the admin panel's cache
 * refreshes. The SSR loader (src/server/ssr/load-page.ts) fills exactly these keys from the services,
 * so every key here is built by one function used on both sides.
 */
/** The list filters as kept in the URL (`?q=&sort=&category=&page=`); a tag page's tag comes from its path. */
export type ListParams = { q: string; sort: PostSort; category: string; page: number; tag?: string }

export const LATEST_ON_HOME = 12

export const siteKeys = {
  featured: () => ['/api/posts/featured'] as const,
  postPage: (p: ListParams, limit = PUBLIC_PAGE_SIZE) => ['/api/posts', 'page', { ...p, limit }] as const,
  postBySlug: (slug: string) => ['/api/posts/slug', slug] as const,
  preview: (token: string) => ['/api/previews', token] as const,
  related: (id: string) => ['/api/posts', id, 'related'] as const,
  likes: (id: string) => ['/api/posts', id, 'likes'] as const,
  comments: (id: string) => ['/api/posts', id, 'comments'] as const,
  categories: () => ['/api/categories'] as const,
  tag: (tag: string) => ['/api/tags', tag] as const,
  footerPage: (slug: string) => ['/api/footer-pages/slug', slug] as const,
  settings: () => ['/api/site-settings'] as const,
}

const enc = encodeURIComponent

/** null for a 404: "not found" is data (rendered as the not-found view), not an error to retry. */
export async function orNullOn404<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null
    throw err
  }
}

export const featuredPostsQuery = () =>
  queryOptions({ queryKey: siteKeys.featured(), queryFn: () => requestJson<PostCard[]>('/api/posts/featured') })

export const postPageQuery = (p: ListParams, limit = PUBLIC_PAGE_SIZE) =>
  queryOptions({
    queryKey: siteKeys.postPage(p, limit),
    queryFn: async ({ signal }): Promise<PostPage> => {
      const qs = queryString({ status: 'published', search: p.q, category: p.category, tag: p.tag, sort: p.sort, page: p.page, limit })
      const res = await apiRequest(`/api/posts${qs}`, { signal })
      const posts = (await res.json()) as PostCard[]
      return { posts, total: Number(res.headers.get('X-Total-Count') ?? posts.length) }
    },
  })

/** Home's 'Latest Articles': the first page, with room for the featured posts it leaves out. */
export const latestPostsQuery = () => postPageQuery({ q: '', sort: 'latest', category: '', page: 1 }, LATEST_ON_HOME)

/** Spec §7/§9: retried 3 times, fresh for 1 minute, refetched on mount and window focus. */
export const postBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: siteKeys.postBySlug(slug),
    queryFn: () => orNullOn404(() => requestJson<PostDetail>(`/api/posts/slug/${enc(slug)}`)),
    retry: 3,
    staleTime: 60_000,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  })

/** A shared draft: never retried or refetched on focus (a revoked link is simply gone). */
export const previewQuery = (token: string) =>
  queryOptions({
    queryKey: siteKeys.preview(token),
    queryFn: () => orNullOn404(() => requestJson<PostDetail>(`/api/previews/${enc(token)}`)),
    retry: false,
    staleTime: Infinity,
  })

export const relatedPostsQuery = (id: string) =>
  queryOptions({ queryKey: siteKeys.related(id), queryFn: () => requestJson<PostCard[]>(`/api/posts/${enc(id)}/related`) })

/** Stale at once: the server-rendered count is the same for everyone, so the browser asks for this visitor's own state. */
export const likesQuery = (id: string) =>
  queryOptions({ queryKey: siteKeys.likes(id), queryFn: () => requestJson<LikesSummary>(`/api/posts/${enc(id)}/likes`), staleTime: 0 })

export const commentsQuery = (id: string) =>
  queryOptions({ queryKey: siteKeys.comments(id), queryFn: () => requestJson<PublicComment[]>(`/api/posts/${enc(id)}/comments`) })

export const categoriesQuery = () =>
  queryOptions({ queryKey: siteKeys.categories(), queryFn: () => requestJson<Category[]>('/api/categories') })

/** A tag readers can see, in its stored spelling; null when no published post carries it. */
export const tagQuery = (tag: string) =>
  queryOptions({ queryKey: siteKeys.tag(tag), queryFn: () => orNullOn404(() => requestJson<Tag>(`/api/tags/${enc(tag)}`)) })

export const footerPageQuery = (slug: string) =>
  queryOptions({
    queryKey: siteKeys.footerPage(slug),
    queryFn: () => orNullOn404(() => requestJson<FooterPage>(`/api/footer-pages/slug/${enc(slug)}`)),
  })

export const siteSettingsQuery = () =>
  queryOptions({ queryKey: siteKeys.settings(), queryFn: () => requestJson<SiteSetting[]>('/api/site-settings') })
