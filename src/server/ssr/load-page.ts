import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/query-core'
import { orNullOn404 } from '#shared/or-null-on-404.ts'
import { paths } from '#shared/paths.ts'
import { listSearch, matchPublicRoute, readListParams } from '#shared/routes/public-routes.ts'
import { PostListQuerySchema, PUBLIC_PAGE_SIZE } from '#shared/schemas/post.ts'
import {
  footerPageHead,
  homeHead,
  listHead,
  notFoundHead,
  postHead,
  tagHead,
  type PageHead,
} from '#shared/site/head.ts'
import { commentsAfterOf } from '#shared/site/comments-page.ts'
import type { SiteIdentity } from '#shared/schemas/site-identity.ts'
import { LATEST_ON_HOME, latestListParams, siteKeys } from '#shared/site/query-keys.ts'
import type { AppContext } from '../context.ts'
import { getCategoryBySlug } from '../features/categories/categories.service.ts'
import { actorPath } from '../features/fediverse/fediverse.service.ts'
import { getActiveFooterPageBySlug } from '../features/footer-pages/footer-pages.service.ts'
import * as posts from '../features/posts/posts.service.ts'
import type { Viewer } from '../features/posts/posts.service.ts'
import { postByPreviewToken } from '../features/previews/previews.service.ts'
import { getPublishedTag } from '../features/tags/tags.service.ts'
import { loadPostExtras } from './load-post-extras.ts'
import { siteChrome } from './site-chrome.ts'

/** `queryClient` holds the page's data for rendering; `state` is the same, dehydrated for the browser. */
export type LoadedPage = {
  status: 200 | 404
  head: PageHead
  site: SiteIdentity
  state: DehydratedState
  queryClient: QueryClient
}

/**
 * The SSR data loader: calls the services directly and stores their results under the same query keys the
 * browser uses (src/shared/site/query-keys.ts), so the page renders complete and hydrates without a fetch.
 */
export async function loadPage(
  ctx: AppContext,
  pathname: string,
  search: string,
  viewer: Viewer,
  contentVersion: number | null = null,
): Promise<LoadedPage> {
  const db = ctx.db
  // Only a store to dehydrate: the browser's own client (src/client/lib/query-client.ts) sets how queries behave.
  const qc = new QueryClient()
  const set = (key: readonly unknown[], data: unknown) => qc.setQueryData(key, data)

  // The chrome (footer categories, social links and fediverse account) is on every page.
  const { categories, settings, identity: site, navigation, fediverse } = await siteChrome(ctx, contentVersion)
  set(siteKeys.categories(), categories)
  set(siteKeys.settings(), settings)
  set(siteKeys.identity(), site)
  set(siteKeys.navigation(), navigation)
  set(siteKeys.subscriptions(), { enabled: Boolean(ctx.env.mail) })
  set(siteKeys.fediverse(), fediverse)
  const federated = fediverse.account !== null

  const route = matchPublicRoute(pathname)
  let status: 200 | 404 = 200
  let head: PageHead

  switch (route.name) {
    case 'home': {
      const [featured, latest] = await Promise.all([
        posts.featuredPosts(db),
        posts.listPosts(
          db,
          PostListQuerySchema.parse({ status: 'published', sort: 'latest', page: 1, limit: LATEST_ON_HOME }),
          viewer,
        ),
      ])
      set(siteKeys.featured(), featured)
      set(siteKeys.postPage(latestListParams(), LATEST_ON_HOME), latest)
      head = { ...homeHead(site), activity: federated ? actorPath() : undefined }
      break
    }
    case 'blog':
    case 'category': {
      const categorySlug = route.name === 'category' ? route.slug : undefined
      const category = categorySlug === undefined ? null : await getCategoryBySlug(db, categorySlug)
      if (categorySlug !== undefined && !category) {
        status = 404
        head = notFoundHead(site, pathname, '404 Page Not Found')
        break
      }
      const params = readListParams(search, categorySlug)
      // On /blog?category=… the heading and head name the chosen category, as in the browser.
      const shown = category ?? categories.find((c) => c.slug === params.category) ?? null
      const page = await posts.listPosts(
        db,
        PostListQuerySchema.parse({
          status: 'published',
          search: params.q || undefined,
          category: params.category || undefined,
          sort: params.sort,
          page: params.page,
          limit: PUBLIC_PAGE_SIZE,
        }),
        viewer,
      )
      set(siteKeys.postPage(params), page)
      head = listHead(site, shown, listSearch({ page: params.page }))
      break
    }
    case 'tag': {
      const tag = await getPublishedTag(db, route.tag)
      set(siteKeys.tag(route.tag), tag)
      if (!tag) {
        status = 404
        head = notFoundHead(site, pathname, '404 Page Not Found')
        break
      }
      const params = readListParams(search, '', route.tag)
      const query = {
        status: 'published',
        search: params.q || undefined,
        tag: tag.key,
        sort: params.sort,
        page: params.page,
        limit: PUBLIC_PAGE_SIZE,
      }
      set(siteKeys.postPage(params), await posts.listPosts(db, PostListQuerySchema.parse(query), viewer))
      head = tagHead(site, tag, listSearch({ page: params.page }))
      break
    }
    case 'post': {
      const post = await orNullOn404(() => posts.postDetailBySlug(db, route.slug, viewer))
      // The page shows the stored HTML; the markdown would only double the page's weight in its embedded state.
      set(siteKeys.postBySlug(route.slug), post && { ...post, content: '' })
      if (!post) {
        status = 404
        head = notFoundHead(site, paths.post(route.slug), 'Post Not Found')
        break
      }
      for (const [key, data] of await loadPostExtras(ctx, post, commentsAfterOf(search))) set(key, data)
      head = postHead(site, post)
      // The article's id is its URL, asked for as ActivityStreams (published posts only).
      if (federated && post.status === 'published') head.activity = paths.post(post.slug)
      break
    }
    case 'preview': {
      const post = await orNullOn404(() => postByPreviewToken(db, route.token))
      set(siteKeys.preview(route.token), post)
      if (!post) status = 404
      head = post
        ? { ...postHead(site, post), noindex: true }
        : notFoundHead(site, paths.preview(route.token), 'Post Not Found')
      break
    }
    case 'footer-page': {
      const page = await getActiveFooterPageBySlug(db, route.slug)
      set(siteKeys.footerPage(route.slug), page)
      if (!page) status = 404
      head = page ? footerPageHead(site, page) : notFoundHead(site, pathname)
      break
    }
    case 'not-found':
      status = 404
      head = notFoundHead(site, pathname, '404 Page Not Found')
      break
  }

  return { status, head, site, state: dehydrate(qc), queryClient: qc }
}
