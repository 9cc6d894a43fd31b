import { queryOptions } from '@tanstack/react-query'
import type { Category } from '#shared/schemas/category.ts'
import type { CommentsPage, LikesSummary, PublicComment } from '#shared/schemas/engagement.ts'
import { commentsPageUrl, nextFromLink } from '#shared/site/comments-page.ts'
import { orNullOn404 } from '#shared/or-null-on-404.ts'
import type { ListParams } from '#shared/routes/public-routes.ts'
import type { PostCard, PostDetail, PostPage } from '#shared/schemas/post.ts'
import { readPostPage } from './post-page-response.ts'
import type { PublicFooterPage, SiteSetting } from '#shared/schemas/site.ts'
import type { SubscriptionsInfo } from '#shared/schemas/subscriber.ts'
import type { AuthorProfile } from '#shared/schemas/author.ts'
import type { Navigation } from '#shared/schemas/navigation.ts'
import type { FediverseAccount } from '#shared/schemas/fediverse.ts'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import type { Tag } from '#shared/schemas/tag.ts'
import { PUBLIC_PAGE_SIZE } from '#shared/site/constants.ts'
import { LATEST_ON_HOME, latestListParams, siteKeys } from '#shared/site/query-keys.ts'
import { apiRequest, queryString } from '../../lib/api.ts'
import { requestJson } from '../../lib/get-json.ts'

/** The reader site's queries, under the shared keys (src/shared/site/query-keys.ts) the SSR loader fills. */

const enc = encodeURIComponent

export const featuredPostsQuery = () =>
  queryOptions({ queryKey: siteKeys.featured(), queryFn: () => requestJson<PostCard[]>('/api/posts/featured') })

export const postPageQuery = (p: ListParams, limit = PUBLIC_PAGE_SIZE) =>
  queryOptions({
    queryKey: siteKeys.postPage(p, limit),
    queryFn: async ({ signal }): Promise<PostPage> => {
      const qs = queryString({
        status: 'published',
        search: p.q,
        category: p.category,
        tag: p.tag,
        sort: p.sort,
        page: p.page,
        limit,
      })
      return readPostPage(await apiRequest(`/api/posts${qs}`, { signal }))
    },
  })

/** Home's 'Latest Articles': the first page, with room for the featured posts it leaves out. */
export const latestPostsQuery = () => postPageQuery(latestListParams(), LATEST_ON_HOME)

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
  queryOptions({
    queryKey: siteKeys.related(id),
    queryFn: () => requestJson<PostCard[]>(`/api/posts/${enc(id)}/related`),
  })

/** Stale at once: the server-rendered count is the same for everyone, so the browser asks for this visitor's own state. */
export const likesQuery = (id: string) =>
  queryOptions({
    queryKey: siteKeys.likes(id),
    queryFn: () => requestJson<LikesSummary>(`/api/posts/${enc(id)}/likes`),
    staleTime: 0,
  })

/** A page of a post's approved comments (the first, or the one after the comment `after`) and the next page's `after`. */
export const commentsQuery = (id: string, after?: string) =>
  queryOptions({
    queryKey: siteKeys.comments(id, after),
    queryFn: async (): Promise<CommentsPage> => {
      const res = await apiRequest(commentsPageUrl(id, after))
      return { comments: (await res.json()) as PublicComment[], next: nextFromLink(res.headers.get('link')) }
    },
  })

export const categoriesQuery = () =>
  queryOptions({ queryKey: siteKeys.categories(), queryFn: () => requestJson<Category[]>('/api/categories') })

/** A tag readers can see, in its stored spelling; null when no published post carries it. */
export const tagQuery = (tag: string) =>
  queryOptions({
    queryKey: siteKeys.tag(tag),
    queryFn: () => orNullOn404(() => requestJson<Tag>(`/api/tags/${enc(tag)}`)),
  })

export const footerPageQuery = (slug: string) =>
  queryOptions({
    queryKey: siteKeys.footerPage(slug),
    queryFn: () => orNullOn404(() => requestJson<PublicFooterPage>(`/api/footer-pages/slug/${enc(slug)}`)),
  })

/** Filled by the server on every page (src/server/ssr/load-page.ts); the defaults only until then. */
export const siteIdentityQuery = () =>
  queryOptions({ queryKey: siteKeys.identity(), queryFn: () => requestJson<SiteIdentity>('/api/site-identity') })

export const authorQuery = (id: string) =>
  queryOptions({
    queryKey: siteKeys.author(id),
    queryFn: () => orNullOn404(() => requestJson<AuthorProfile>(`/api/authors/${enc(id)}`)),
  })

export const navigationQuery = () =>
  queryOptions({ queryKey: siteKeys.navigation(), queryFn: () => requestJson<Navigation>('/api/navigation') })

export const siteSettingsQuery = () =>
  queryOptions({ queryKey: siteKeys.settings(), queryFn: () => requestJson<SiteSetting[]>('/api/site-settings') })

export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: siteKeys.subscriptions(),
    queryFn: () => requestJson<SubscriptionsInfo>('/api/subscriptions'),
    staleTime: Infinity,
  })

export const fediverseQuery = () =>
  queryOptions({
    queryKey: siteKeys.fediverse(),
    queryFn: () => requestJson<FediverseAccount>('/api/fediverse'),
    staleTime: Infinity,
  })
