import { dehydrate, type DehydratedState } from '@tanstack/react-query'
import { footerPageHead, homeHead, listHead, notFoundHead, postHead, tagHead, type PageHead } from '#client/features/site/head.ts'
import { LATEST_ON_HOME, siteKeys } from '#client/features/site/queries.ts'
import { listSearch, matchPublicRoute, readListParams } from '#client/features/site/routes.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { paths } from '#shared/paths.ts'
import { PostListQuerySchema, PUBLIC_PAGE_SIZE } from '#shared/schemas/post.ts'
import type { AppContext } from '../context.ts'
import { AppError } from '../errors.ts'
import { getCategoryBySlug } from '../features/categories/categories.service.ts'
import { getActiveFooterPageBySlug } from '../features/footer-pages/footer-pages.service.ts'
import * as posts from '../features/posts/posts.service.ts'
import { postByPreviewToken } from '../features/previews/previews.service.ts'
import { getPublishedTag } from '../features/tags/tags.service.ts'
import { loadPostExtras } from './load-post-extras.ts'
import { siteChrome } from './site-chrome.ts'

export type LoadedPage = { status: 200 | 404; head: PageHead; state: DehydratedState }
export type Visitor = { isAdmin: boolean }

/** null when the service says 404 (a missing or, for anonymous readers, draft post). */
async function orNull<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null
    throw err
  }
}

/**
 * The SSR data loader: calls the services directly and stores their results under the same query keys the
 * browser uses (src/client/features/site/queries.ts), so the page renders complete and hydrates without a fetch.
 */
export async function loadPage(ctx: AppContext, pathname: string, search: string, visitor: Visitor, contentVersion: number | null = null): Promise<LoadedPage> {
  const db = ctx.db
  const viewer = { isAdmin: visitor.isAdmin }
  const qc = createQueryClient()
  const set = (key: readonly unknown[], data: unknown) => qc.setQueryData(key, data)

  // The chrome (footer categories and social links) is on every page.
  const { categories, settings } = await siteChrome(db, contentVersion)
  set(siteKeys.categories(), categories)
  set(siteKeys.settings(), settings)

  const route = matchPublicRoute(pathname)
  let status: 200 | 404 = 200
  let head: PageHead

  switch (route.name) {
    case 'home': {
      const latestParams = { q: '', sort: 'latest' as const, category: '', page: 1 }
      const [featured, latest] = await Promise.all([
        posts.featuredPosts(db),
        posts.listPosts(db, PostListQuerySchema.parse({ status: 'published', sort: 'latest', page: 1, limit: LATEST_ON_HOME }), viewer),
      ])
      set(siteKeys.featured(), featured)
      set(siteKeys.postPage(latestParams, LATEST_ON_HOME), latest)
      head = homeHead()
      break
    }
    case 'blog':
    case 'category': {
      const categorySlug = route.name === 'category' ? route.slug : undefined
      const category = categorySlug === undefined ? null : await getCategoryBySlug(db, categorySlug)
      if (categorySlug !== undefined && !category) {
        status = 404
        head = notFoundHead(pathname, '404 Page Not Found')
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
      head = listHead(shown, listSearch({ page: params.page }))
      break
    }
    case 'tag': {
      const tag = await getPublishedTag(db, route.tag)
      set(siteKeys.tag(route.tag), tag)
      if (!tag) {
        status = 404
        head = notFoundHead(pathname, '404 Page Not Found')
        break
      }
      const params = readListParams(search, '', route.tag)
      const query = { status: 'published', search: params.q || undefined, tag: tag.key, sort: params.sort, page: params.page, limit: PUBLIC_PAGE_SIZE }
      set(siteKeys.postPage(params), await posts.listPosts(db, PostListQuerySchema.parse(query), viewer))
      head = tagHead(tag, listSearch({ page: params.page }))
      break
    }
    case 'post': {
      const post = await orNull(posts.postDetailBySlug(db, route.slug, viewer))
      // The page shows the stored HTML; the markdown would only double the page's weight in its embedded state.
      set(siteKeys.postBySlug(route.slug), post && { ...post, content: '' })
      if (!post) {
        status = 404
        head = notFoundHead(paths.post(route.slug), 'Post Not Found')
        break
      }
      for (const [key, data] of await loadPostExtras(ctx, post, visitor)) set(key, data)
      head = postHead(post)
      break
    }
    case 'preview': {
      const post = await orNull(postByPreviewToken(db, route.token))
      set(siteKeys.preview(route.token), post)
      if (!post) status = 404
      head = post ? { ...postHead(post), noindex: true } : notFoundHead(paths.preview(route.token), 'Post Not Found')
      break
    }
    case 'footer-page': {
      const page = await getActiveFooterPageBySlug(db, route.slug)
      set(siteKeys.footerPage(route.slug), page)
      if (!page) status = 404
      head = page ? footerPageHead(page) : notFoundHead(pathname)
      break
    }
    case 'not-found':
      status = 404
      head = notFoundHead(pathname, '404 Page Not Found')
      break
  }

  return { status, head, state: dehydrate(qc) }
}
