import { useQuery } from '../../lib/page-query.ts'
import { useCallback } from 'react'
import { paths } from '#shared/paths.ts'
import { tagDescription } from '#shared/text/listing.ts'
import { matchCount } from '#shared/text/match-count.ts'
import { Pagination } from '../../components/site/pagination.tsx'
import { PostCard, PostCardSkeleton } from '../../components/site/post-card.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { Link, useLocation, useNavigate, useSearchParams } from '../../lib/router.tsx'
import { listHead, tagHead } from '#shared/site/head.ts'
import { ListControls } from './list-controls.tsx'
import { NotFoundPage } from './not-found-page.tsx'
import { categoriesQuery, postPageQuery, tagQuery } from './queries.ts'
import { listSearch, readListParams, type ListParams } from '#shared/routes/public-routes.ts'
import { PUBLIC_PAGE_SIZE } from '#shared/site/constants.ts'
import { useDocumentHead } from './use-document-head.ts'
import { useSiteIdentity } from './use-site-identity.ts'

const SKELETON_CARDS = 6

/**
 * /blog, /category/{slug} and /tag/{tag}: filters, sort, search and paging live in the URL and run on the server
 * (contract §4). A category or tag page fixes its own filter and offers its own feed.
 */
export function PostListPage({ categorySlug, tag }: { categorySlug?: string; tag?: string }) {
  const [search] = useSearchParams()
  const { pathname, search: searchString } = useLocation()
  const navigate = useNavigate()
  const isTagRoute = tag !== undefined
  const fixedCategory = isTagRoute ? '' : categorySlug
  const params = readListParams(search, fixedCategory, tag)
  const categories = useQuery(categoriesQuery())
  const tagInfo = useQuery({ ...tagQuery(tag ?? ''), enabled: isTagRoute })
  const category = isTagRoute
    ? null
    : (categories.data?.find((c) => c.slug === (categorySlug ?? params.category)) ?? null)
  const list = useQuery(postPageQuery(params))
  const isCategoryRoute = categorySlug !== undefined
  const isBlog = !isCategoryRoute && !isTagRoute
  const basePath = isTagRoute ? paths.tag(tag) : isCategoryRoute ? paths.category(categorySlug) : paths.blog()
  const found = tagInfo.data
  const feedPath = found
    ? paths.tagFeed(found.key)
    : category && isCategoryRoute
      ? paths.categoryFeed(category.slug)
      : null

  const site = useSiteIdentity()
  useDocumentHead(
    found
      ? tagHead(site, found, '')
      : isTagRoute || (isCategoryRoute && !category)
        ? null
        : listHead(site, category, ''),
  )

  // A filter change replaces the URL (no history flood) and starts again at page 1.
  const onChange = useCallback(
    (next: Partial<ListParams>) => {
      const merged = { ...readListParams(searchString, fixedCategory), ...next, page: 1 }
      navigate(`${pathname}${listSearch(merged, fixedCategory === undefined)}`, { replace: true, scroll: false })
    },
    [searchString, fixedCategory, pathname, navigate],
  )

  if ((isCategoryRoute && categories.isSuccess && !category) || (isTagRoute && tagInfo.isSuccess && !found))
    return <NotFoundPage />

  const pageCount = list.data ? Math.ceil(list.data.total / PUBLIC_PAGE_SIZE) : 0

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="mb-8">
        <h1 className="break-words text-4xl font-bold tracking-tight">
          {params.q ? `Results for “${params.q}”` : (found?.name ?? category?.name ?? (isBlog ? 'All Articles' : ''))}
        </h1>
        {params.q && list.data && (
          <p className="mt-2 text-muted-foreground" data-testid="search-count">
            {matchCount(list.data.total, list.data.totalExact)}
            {(found ?? category) && ` in ${(found ?? category)!.name}`}
          </p>
        )}
        {(found || category?.description) && (
          <p className="mt-3 max-w-2xl text-muted-foreground">
            {found ? tagDescription(found.name) : category?.description}
          </p>
        )}
        {feedPath && (
          <a
            href={feedPath}
            className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            RSS feed
          </a>
        )}
      </header>
      <ListControls
        params={params}
        categories={categories.data ?? []}
        showCategory={isBlog}
        action={basePath}
        onChange={onChange}
      />
      {list.isError ? (
        <Alert variant="destructive">{list.error.message}</Alert>
      ) : list.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </div>
      ) : list.data && list.data.posts.length > 0 ? (
        <>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.posts.map((post, i) => (
              <PostCard key={post.id} post={post} headingLevel="h2" priority={i === 0} />
            ))}
          </div>
          <Pagination
            page={params.page}
            pageCount={Math.max(pageCount, 1)}
            more={!list.data.totalExact}
            hrefFor={(page) => `${basePath}${listSearch({ ...params, page }, isBlog)}`}
          />
        </>
      ) : (
        <div className="rounded-xl border border-dashed px-6 py-16 text-center">
          <h2 className="text-xl font-semibold">No posts found</h2>
          <p className="mt-2 text-muted-foreground">
            Try adjusting your search criteria or{' '}
            <Link href={paths.blog()} className="text-primary underline underline-offset-4">
              browse all posts
            </Link>
          </p>
        </div>
      )}
    </div>
  )
}
