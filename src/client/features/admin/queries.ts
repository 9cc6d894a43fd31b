import { queryOptions, useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { CategorySchema, type CategoryInput } from '#shared/schemas/category.ts'
import { AnalyticsSummarySchema, RightNowSchema, type AnalyticsQuery } from '#shared/schemas/analytics.ts'
import {
  AdminCommentsPageSchema,
  CommentBulkResultSchema,
  StatsSchema,
  ViewSpikesSchema,
  type CommentBulkInput,
  type CommentFilter,
} from '#shared/schemas/engagement.ts'
import {
  MAX_PAGE_SIZE,
  PostCardSchema,
  PostSchema,
  type Post,
  type PostCard,
  type PostUpdate,
} from '#shared/schemas/post.ts'
import { FooterPageSchema, SiteSettingSchema, type FooterPageInput, type SettingsUpdate } from '#shared/schemas/site.ts'
import { AuthorProfileSchema, type AuthorProfile } from '#shared/schemas/author.ts'
import { NavigationSchema, type Navigation } from '#shared/schemas/navigation.ts'
import { SiteIdentitySchema, type SiteIdentity } from '#shared/schemas/site-identity.ts'
import { LoginResultSchema, type LoginVerifyInput } from '#shared/schemas/security.ts'
import {
  AuthResponseSchema,
  SetupStatusSchema,
  type ChangePasswordInput,
  type SetupInput,
} from '#shared/schemas/user.ts'
import { plural } from '#shared/text/format.ts'
import { apiJson, apiRequest, HttpError, queryString } from '../../lib/api.ts'
import { toast, type ToastInput } from '../../lib/toast.tsx'

const PostListSchema = z.array(PostCardSchema)

/** Query keys are the API URL split in parts (spec §7: the default loader joins them with '/'). */
export const adminKeys = {
  setup: ['/api/auth/setup'] as const,
  stats: ['/api/stats'] as const,
  viewSpikes: ['/api/stats/spikes'] as const,
  analytics: (query: AnalyticsQuery) => ['/api/analytics', query] as const,
  rightNow: ['/api/analytics/right-now'] as const,
  posts: (params: Record<string, string | number>) => ['/api/posts', params] as const,
  post: (id: string) => ['/api/posts', id] as const,
  categories: ['/api/categories'] as const,
  comments: ['/api/admin/comments'] as const,
  footerPages: ['/api/footer-pages'] as const,
  footerPage: (id: string) => ['/api/footer-pages', id] as const,
  settings: ['/api/site-settings'] as const,
  identity: ['/api/site-identity'] as const,
  navigation: ['/api/navigation'] as const,
  profile: ['/api/account/profile'] as const,
}

export const setupStatusQuery = () =>
  queryOptions({ queryKey: adminKeys.setup, queryFn: () => apiJson(SetupStatusSchema, '/api/auth/setup') })

export const statsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats, queryFn: () => apiJson(StatsSchema, '/api/stats') })

/** Posts whose views in the last hour are far above their daily average (the server decides). */
export const viewSpikesQuery = () =>
  queryOptions({ queryKey: adminKeys.viewSpikes, queryFn: () => apiJson(ViewSpikesSchema, '/api/stats/spikes') })

/** Admin → Analytics for a range, optionally one post or one row value; a bad custom range is a 400. */
export const analyticsQuery = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: adminKeys.analytics(query),
    queryFn: () => apiJson(AnalyticsSummarySchema, `/api/analytics${queryString(query)}`),
  })

const RIGHT_NOW_REFRESH_MS = 15_000

/** Readers of the last five minutes, refreshed every 15 s while the screen is open. */
export const rightNowQuery = () =>
  queryOptions({
    queryKey: adminKeys.rightNow,
    queryFn: () => apiJson(RightNowSchema, '/api/analytics/right-now'),
    refetchInterval: RIGHT_NOW_REFRESH_MS,
  })

/** One page of posts (admins see drafts too). */
export const postsQuery = (params: Record<string, string | number>) =>
  queryOptions({
    queryKey: adminKeys.posts(params),
    queryFn: () => apiJson(PostListSchema, `/api/posts${queryString(params)}`),
  })

/** Every post, page by page (the list filters on the client, spec §2; the API caps a page at 100). */
export const allPostsQuery = () =>
  queryOptions({
    queryKey: adminKeys.posts({ all: 'true' }),
    queryFn: async () => {
      const posts: PostCard[] = []
      for (let page = 1; page <= 1000; page++) {
        const res = await apiRequest(`/api/posts${queryString({ status: 'all', limit: MAX_PAGE_SIZE, page })}`)
        const batch = PostListSchema.parse(await res.json())
        posts.push(...batch)
        const total = Number(res.headers.get('X-Total-Count') ?? posts.length)
        if (batch.length < MAX_PAGE_SIZE || posts.length >= total) break
      }
      return posts
    },
  })

/**
 * The admin's search: the public site's full-text search over every status (drafts and scheduled posts too), best
 * matches first, one page of at most 100 and how many matched (`exact` false: at least that many).
 */
export const adminSearchQuery = (params: { search: string; status: string; categoryId?: string }) =>
  queryOptions({
    queryKey: adminKeys.posts({ ...params, limit: MAX_PAGE_SIZE }),
    queryFn: async () => {
      const res = await apiRequest(`/api/posts${queryString({ ...params, limit: MAX_PAGE_SIZE })}`)
      const posts = PostListSchema.parse(await res.json())
      const total = Number(res.headers.get('X-Total-Count') ?? posts.length)
      return { posts, total, exact: res.headers.get('X-Total-Count-Exact') !== 'false' }
    },
  })

export const postQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.post(id),
    queryFn: () => apiJson(PostSchema, `/api/posts/${encodeURIComponent(id)}`),
  })

/** The first few posts (drafts too) of a category, and how many it has: what deleting it would leave uncategorised. */
export const categoryPostsQuery = (slug: string, limit: number) =>
  queryOptions({
    queryKey: adminKeys.posts({ category: slug, status: 'all', limit }),
    queryFn: async () => {
      const res = await apiRequest(`/api/posts${queryString({ category: slug, status: 'all', limit })}`)
      const posts = PostListSchema.parse(await res.json())
      return { posts, total: Number(res.headers.get('x-total-count') ?? posts.length) }
    },
  })

export const categoriesQuery = () =>
  queryOptions({ queryKey: adminKeys.categories, queryFn: () => apiJson(z.array(CategorySchema), '/api/categories') })

/** A page of the moderation list: pending or approved comments, newest first. */
export const commentsQuery = (status: CommentFilter, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.comments, { status, page }],
    queryFn: () => apiJson(AdminCommentsPageSchema, `/api/admin/comments${queryString({ status, page })}`),
    refetchInterval: 5000,
    retry: (failureCount, error) => failureCount < 3 && !error.message.includes('401'),
  })

const FooterPageListSchema = z.array(FooterPageSchema.pick({ id: true, title: true, slug: true, isActive: true }))
export const footerPagesQuery = () =>
  queryOptions({ queryKey: adminKeys.footerPages, queryFn: () => apiJson(FooterPageListSchema, '/api/footer-pages') })
export const footerPageQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.footerPage(id),
    queryFn: () => apiJson(FooterPageSchema, `/api/footer-pages/${encodeURIComponent(id)}`),
  })

export const settingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings,
    queryFn: () => apiJson(z.array(SiteSettingSchema), '/api/site-settings'),
  })

/**
 * Spec §7 names caches (posts, stats, single post, related, by-slug, featured…). The reader site's keys live in its own
 * feature, so match on the key text: any key mentioning one of the words is refreshed.
 */
function refresh(client: QueryClient, words: string[]) {
  const predicate = (query: Query) => {
    const text = JSON.stringify(query.queryKey).toLowerCase()
    return words.some((w) => text.includes(w))
  }
  return client.invalidateQueries({ predicate })
}
const POST_CACHES = ['post', 'stats', 'related', 'featured', 'slug', 'categor']
export const refreshPosts = (client: QueryClient) => refresh(client, POST_CACHES)

/**
 * Toasts belong to the mutation, not to the component that started it: per-call `mutate(…, { onSuccess })` callbacks
 * are dropped when that component unmounts first, as a deleted row does once the refreshed list arrives. So every
 * admin mutation announces its own outcome here; callers add only what concerns their own screen (navigation, fields).
 */
const notify = (input: ToastInput) => () => toast(input)
const failed = (title: string, description?: string) => (err: Error) =>
  toast({ title, description: description ?? errorText(err), variant: 'destructive' })

/** The toast for a saved post when it says more than "created" or "updated" (scheduled, unpublished…). */
type Announce = (saved: Post) => ToastInput | undefined

export function usePostMutations() {
  const client = useQueryClient()
  const done = (input: ToastInput) => () => {
    toast(input)
    return refreshPosts(client)
  }
  const update = (id: string, body: PostUpdate) =>
    apiJson(PostSchema, `/api/posts/${encodeURIComponent(id)}`, { method: 'PUT', body })
  // `announce` replaces the usual toast when the save did something more telling (scheduled, unpublished).
  const create = useMutation({
    mutationFn: ({ body }: { body: PostUpdate; announce?: Announce }) =>
      apiJson(PostSchema, '/api/posts', { method: 'POST', body }),
    onSuccess: (post, { announce }) => done(announce?.(post) ?? { title: 'Post created successfully!' })(),
    onError: failed('Error creating post'),
  })
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string; body: PostUpdate; announce?: Announce }) => update(id, body),
    onSuccess: (post, { announce }) => done(announce?.(post) ?? { title: 'Post updated successfully!' })(),
    onError: failed('Error updating post'),
  })
  const publish = useMutation({
    mutationFn: (id: string) => update(id, { status: 'published' }),
    onSuccess: done({ title: 'Post published successfully!', description: 'Your post is now live.' }),
    onError: failed('Error publishing post'),
  })
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: done({ title: 'Post deleted successfully!' }),
    onError: failed('Error deleting post'),
  })
  return { create, update: save, publish, remove }
}

export function useCategoryMutations() {
  const client = useQueryClient()
  const done = (verb: string) => () => {
    toast({ title: `Category ${verb} successfully!` })
    return refresh(client, ['categor', 'post', 'stats', 'featured', 'related', 'slug'])
  }
  const create = useMutation({
    mutationFn: (body: CategoryInput) => apiJson(CategorySchema, '/api/categories', { method: 'POST', body }),
    onSuccess: done('created'),
    onError: failed('Error creating category'),
  })
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: CategoryInput }) =>
      apiJson(CategorySchema, `/api/categories/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: done('updated'),
    onError: failed('Error updating category'),
  })
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/categories/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: done('deleted'),
    onError: failed('Error deleting category'),
  })
  return { create, update, remove }
}

export function useCommentMutations() {
  const client = useQueryClient()
  const done = (input: ToastInput) => () => {
    toast(input)
    return refresh(client, ['comment', 'stats'])
  }
  const commentUrl = (id: string, action = '') =>
    `/api/admin/comments/${encodeURIComponent(id)}${action ? `/${action}` : ''}`
  const approve = useMutation({
    mutationFn: (id: string) => apiRequest(commentUrl(id, 'approve'), { method: 'PUT' }),
    onSuccess: done({ title: 'Comment approved', description: 'The comment is now visible to readers.' }),
    onError: failed('Error', 'Failed to approve comment. Please try again.'),
  })
  const unapprove = useMutation({
    mutationFn: (id: string) => apiRequest(commentUrl(id, 'unapprove'), { method: 'PUT' }),
    onSuccess: done({ title: 'Comment unapproved', description: 'Readers no longer see it; it is pending again.' }),
    onError: failed('Error', 'Failed to unapprove comment. Please try again.'),
  })
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(commentUrl(id), { method: 'DELETE' }),
    onSuccess: done({ title: 'Comment deleted', description: 'The comment has been permanently removed.' }),
    onError: failed('Error', 'Failed to delete comment. Please try again.'),
  })
  const bulk = useMutation({
    mutationFn: (body: CommentBulkInput) =>
      apiJson(CommentBulkResultSchema, '/api/admin/comments/bulk', { method: 'POST', body }),
    onSuccess: ({ count }, { action }) =>
      done({
        title: `${count} ${plural(count, 'comment')} ${action === 'approve' ? 'approved' : 'deleted'}`,
      })(),
    onError: failed('Error', 'Failed to update the selected comments. Please try again.'),
  })
  return { approve, unapprove, remove, bulk }
}

export function useSaveSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: SettingsUpdate) => apiRequest('/api/site-settings', { method: 'PUT', body }),
    onSuccess: () => {
      toast({ title: 'Settings saved successfully!' })
      return refresh(client, ['setting'])
    },
  })
}

export const siteIdentityQuery = () =>
  queryOptions({ queryKey: adminKeys.identity, queryFn: () => apiJson(SiteIdentitySchema, '/api/site-identity') })

export function useSaveSiteIdentity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: SiteIdentity) => apiJson(SiteIdentitySchema, '/api/site-identity', { method: 'PUT', body }),
    onSuccess: (saved) => {
      toast({ title: 'Settings saved successfully!' })
      client.setQueryData(adminKeys.identity, saved)
      return refresh(client, ['site-identity'])
    },
  })
}

export const navigationQuery = () =>
  queryOptions({ queryKey: adminKeys.navigation, queryFn: () => apiJson(NavigationSchema, '/api/navigation') })

export function useSaveNavigation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: Navigation) => apiJson(NavigationSchema, '/api/navigation', { method: 'PUT', body }),
    onSuccess: (saved) => {
      toast({ title: 'Navigation saved successfully!' })
      client.setQueryData(adminKeys.navigation, saved)
      return refresh(client, ['navigation'])
    },
  })
}

export function useResetNavigation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => apiJson(NavigationSchema, '/api/navigation', { method: 'DELETE' }),
    onSuccess: (defaults) => {
      toast({ title: 'Navigation reset to the defaults' })
      client.setQueryData(adminKeys.navigation, defaults)
      return refresh(client, ['navigation'])
    },
  })
}

export const profileQuery = () =>
  queryOptions({ queryKey: adminKeys.profile, queryFn: () => apiJson(AuthorProfileSchema, '/api/account/profile') })

export function useSaveProfile() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: AuthorProfile) => apiJson(AuthorProfileSchema, '/api/account/profile', { method: 'PUT', body }),
    onSuccess: (saved) => {
      toast({ title: 'Profile saved successfully!' })
      client.setQueryData(adminKeys.profile, saved)
      return refreshPosts(client)
    },
  })
}

export function useSaveFooterPage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: FooterPageInput }) =>
      id
        ? apiJson(FooterPageSchema, `/api/footer-pages/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiJson(FooterPageSchema, '/api/footer-pages', { method: 'POST', body }),
    onSuccess: (_page, { id }) => {
      toast({ title: id ? 'Footer page updated successfully!' : 'Footer page created successfully!' })
      return refresh(client, ['footer'])
    },
    onError: (_err, { id }) =>
      toast({
        title: id ? 'Error updating footer page' : 'Error creating footer page',
        description: 'Please try again.',
        variant: 'destructive',
      }),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => apiRequest('/api/auth/change-password', { method: 'POST', body }),
    onSuccess: notify({ title: 'Password changed successfully!' }),
    onError: failed('Error changing password'),
  })
}

export function useSetup() {
  return useMutation({
    mutationFn: (body: SetupInput) => apiJson(AuthResponseSchema, '/api/auth/setup', { method: 'POST', body }),
  })
}

/** `{user}`, or `{twoFactorRequired, ticket}` when the account asks for a code next (useLoginVerify). */
export function useLogin() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) =>
      apiJson(LoginResultSchema, '/api/auth/login', { method: 'POST', body }),
  })
}

export function useLoginVerify() {
  return useMutation({
    mutationFn: (body: LoginVerifyInput) =>
      apiJson(AuthResponseSchema, '/api/auth/login/verify', { method: 'POST', body }),
  })
}

/** The server's {error} text for toasts; the spec's 'status: body' message otherwise. */
export function errorText(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage
  return error instanceof Error ? error.message : String(error)
}
