import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { paths } from '#shared/paths.ts'
import { Pagination } from '../../components/site/pagination.tsx'
import { PostCard, PostCardSkeleton } from '../../components/site/post-card.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { Link, useLocation, useNavigate, useSearchParams } from '../../lib/router.tsx'
import { listHead } from './head.ts'
import { ListControls } from './list-controls.tsx'
import { NotFoundPage } from './not-found-page.tsx'
import { categoriesQuery, postPageQuery, type ListParams } from './queries.ts'
import { listSearch, readListParams } from './routes.ts'
import { PUBLIC_PAGE_SIZE } from './constants.ts'
import { useDocumentHead } from './use-document-head.ts'

const SKELETON_CARDS = 6

/** /blog and /category/{slug}: filters, sort, search and paging live in the URL and run on the server (contract §4). */
export function PostListPage({ categorySlug }: { categorySlug?: string }) {
  const [search] = useSearchParams()
  const { pathname, search: searchString } = useLocation()
  const navigate = useNavigate()
  const params = readListParams(search, categorySlug)
  const categories = useQuery(categoriesQuery())
  const category = categories.data?.find((c) => c.slug === (categorySlug ?? params.category)) ?? null
  const list = useQuery(postPageQuery(params))
  const isCategoryRoute = categorySlug !== undefined
  const basePath = isCategoryRoute ? paths.category(categorySlug) : paths.blog()

  useDocumentHead(isCategoryRoute && !category ? null : listHead(category, ''))

  // A filter change replaces the URL (no history flood) and starts again at page 1.
  const onChange = useCallback(
    (next: Partial<ListParams>) => {
      const merged = { ...readListParams(searchString, categorySlug), ...next, page: 1 }
      navigate(`${pathname}${listSearch(merged, categorySlug === undefined)}`, { replace: true, scroll: false })
    },
    [searchString, categorySlug, pathname, navigate],
  )

  if (isCategoryRoute && categories.isSuccess && !category) return <NotFoundPage />

  const pageCount = list.data ? Math.ceil(list.data.total / PUBLIC_PAGE_SIZE) : 0

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="mb-8">
        <h1 className="text-4xl font-bold tracking-tight">{category?.name ?? (isCategoryRoute ? '' : 'All Articles')}</h1>
        {category?.description && <p className="mt-3 max-w-2xl text-muted-foreground">{category.description}</p>}
      </header>
      <ListControls
        params={params}
        categories={categories.data ?? []}
        showCategory={!isCategoryRoute}
        action={basePath}
        onChange={onChange}
      />
      {list.isError ? (
        <Alert variant="destructive">{list.error.message}</Alert>
      ) : list.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => <PostCardSkeleton key={i} />)}
        </div>
      ) : list.data && list.data.posts.length > 0 ? (
        <>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.posts.map((post, i) => <PostCard key={post.id} post={post} headingLevel="h2" priority={i === 0} />)}
          </div>
          <Pagination
            page={params.page}
            pageCount={Math.max(pageCount, 1)}
            hrefFor={(page) => `${basePath}${listSearch({ ...params, page }, !isCategoryRoute)}`}
          />
        </>
      ) : (
        <div className="rounded-xl border border-dashed px-6 py-16 text-center">
          <h2 className="text-xl font-semibold">No posts found</h2>
          <p className="mt-2 text-muted-foreground">
            Try adjusting your search criteria or <Link href={paths.blog()} className="text-primary underline underline-offset-4">browse all posts</Link>
          </p>
        </div>
      )}
    </div>
  )
}
