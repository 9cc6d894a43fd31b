import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { NativeSelect } from '../../../components/ui/native-select.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { Link, useSearchParams } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'
import { matchCount } from '#shared/text/match-count.ts'
import { adminSearchQuery, allPostsQuery, categoriesQuery } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { NewPostButton } from './post-links.tsx'
import { PostRow } from './post-row.tsx'

const SKELETON_ROWS = 5

/**
 * Spec §2: status and category filters on the client, over every post. A search uses the public site's full-text
 * search on the server (every status, best matches first, one page). Filters live in the URL.
 */
export function PostsPage() {
  useDocumentTitle('Manage Posts')
  const categories = useQuery(categoriesQuery())
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const status = params.get('status') ?? 'all'
  const category = params.get('category') ?? 'all'
  const setParam = (key: string, value: string, empty: string) => {
    const next = new URLSearchParams(params)
    if (value === empty) next.delete(key)
    else next.set(key, value)
    setParams(next)
  }

  const needle = search.trim()
  const all = useQuery({ ...allPostsQuery(), enabled: !needle })
  const found = useQuery({
    ...adminSearchQuery({ search: needle, status, categoryId: category === 'all' ? undefined : category }),
    enabled: Boolean(needle),
    placeholderData: keepPreviousData,
  })
  const posts = needle ? found : all
  const filtered = needle
    ? (found.data?.posts ?? [])
    : (all.data ?? []).filter(
        (p) => (status === 'all' || p.status === status) && (category === 'all' || p.categoryId === category),
      )
  const more = needle && found.data && found.data.total > found.data.posts.length ? found.data : null
  const hasFilters = Boolean(needle) || status !== 'all' || category !== 'all'

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Posts</h1>
          <p className="text-muted-foreground">Manage your blog posts</p>
        </div>
        <NewPostButton />
      </header>
      <Card className="grid gap-3 p-4 md:grid-cols-[1fr_12rem_12rem]">
        <div className="relative">
          <Search
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search posts"
            placeholder="Search posts..."
            className="pl-9"
            value={search}
            onChange={(e) => setParam('search', e.target.value, '')}
          />
        </div>
        <NativeSelect
          aria-label="Filter by status"
          value={status}
          onChange={(e) => setParam('status', e.target.value, 'all')}
        >
          <option value="all">All Status</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
          <option value="scheduled">Scheduled</option>
        </NativeSelect>
        <NativeSelect
          aria-label="Filter by category"
          value={category}
          onChange={(e) => setParam('category', e.target.value, 'all')}
        >
          <option value="all">All Categories</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </Card>
      {posts.isPending ? (
        <Card className="divide-y" aria-busy="true">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <div key={i} className="space-y-2 p-4" data-testid="post-skeleton">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          ))}
        </Card>
      ) : posts.isError ? (
        <Card className="p-8 text-center text-destructive">{posts.error.message}</Card>
      ) : filtered.length === 0 ? (
        <Card className="p-10 text-center">
          <h2 className="text-lg font-semibold">No posts found</h2>
          <p className="mb-4 mt-1 text-muted-foreground">
            {hasFilters
              ? 'Try adjusting your search criteria or filters.'
              : 'Create your first blog post to get started.'}
          </p>
          <Button asChild>
            <Link href={paths.admin.newPost()}>Create New Post</Link>
          </Button>
        </Card>
      ) : (
        <Card>
          <ul className="divide-y" aria-label="Posts">
            {filtered.map((post) => (
              <PostRow key={post.id} post={post} />
            ))}
          </ul>
          {more && (
            <p className="border-t p-4 text-sm text-muted-foreground">
              Showing the best {more.posts.length} of {matchCount(more.total, more.exact)}. Add words to narrow the
              search.
            </p>
          )}
        </Card>
      )}
    </div>
  )
}
