import { useQuery } from '@tanstack/react-query'
import { paths } from '#shared/paths.ts'
import type { CommentFilter } from '#shared/schemas/engagement.ts'
import { Pagination } from '../../../components/site/pagination.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { useSearchParams } from '../../../lib/router.tsx'
import { commentsQuery } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { CommentList } from './comment-list.tsx'

type Tab = Exclude<CommentFilter, 'all'>
const EMPTY: Record<Tab, string> = {
  pending: 'No pending comments to review.',
  approved: 'No approved comments yet.',
}

/** The tab and page live in the URL (`?status=approved&page=2`), so they survive a reload and the back button. */
const hrefFor = (status: Tab, page: number) =>
  `${paths.admin.comments()}${status === 'pending' && page === 1 ? '' : `?status=${status}${page > 1 ? `&page=${page}` : ''}`}`

/** Spec §2: polled every 5 s, only with a user, retried up to 3 times unless the error mentions 401. */
export function CommentsPage() {
  useDocumentTitle('Comment Management')
  const { user } = useAuth()
  const [search, setSearch] = useSearchParams()
  const status: Tab = search.get('status') === 'approved' ? 'approved' : 'pending'
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1)
  const comments = useQuery({ ...commentsQuery(status, page), enabled: Boolean(user) })

  if (!user)
    return (
      <Alert>
        <h1 className="font-semibold">Authentication Required</h1>
        <p>Please log in to access comment management.</p>
      </Alert>
    )
  if (comments.isPending) return <Spinner label="Loading comments" />
  if (comments.isError)
    return (
      <Alert variant="destructive">
        <h1 className="font-semibold">Authentication Error</h1>
        <p>Unable to load comments. Please try logging in again.</p>
      </Alert>
    )

  const { counts, totalPages } = comments.data
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Comment Management</h1>
        <p className="text-muted-foreground">
          {counts.pending} pending · {counts.approved} approved
        </p>
      </header>
      <Tabs
        value={status}
        onValueChange={(value) => setSearch(new URLSearchParams(value === 'approved' ? { status: value } : {}))}
      >
        <TabsList>
          <TabsTrigger value="pending">Pending ({counts.pending})</TabsTrigger>
          <TabsTrigger value="approved">Approved ({counts.approved})</TabsTrigger>
        </TabsList>
        <TabsContent value={status}>
          <CommentList
            key={`${status}-${comments.data.page}`}
            comments={comments.data.comments}
            empty={EMPTY[status]}
            canApprove={status === 'pending'}
          />
          {totalPages > 1 && (
            <Pagination
              page={comments.data.page}
              pageCount={totalPages}
              hrefFor={(target) => hrefFor(status, target)}
            />
          )}
        </TabsContent>
      </Tabs>
    </div>
  )
}
