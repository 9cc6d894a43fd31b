import { useQuery } from '@tanstack/react-query'
import { Check, Trash2 } from 'lucide-react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import type { AdminComment } from '#shared/schemas/engagement.ts'
import { formatDate } from '#shared/text/format.ts'
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx'
import { commentsQuery, useCommentMutations } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'

function CommentCard({ comment }: { comment: AdminComment }) {
  const { approve, remove } = useCommentMutations()
  return (
    <li>
      <Card data-testid="admin-comment">
        <CardHeader className="flex flex-row flex-wrap items-center gap-2 pb-2 text-sm">
          <Badge variant={comment.isApproved ? 'default' : 'secondary'}>
            {comment.isApproved ? 'Approved' : 'Pending'}
          </Badge>
          <span className="font-medium">{comment.post.title}</span>
          <span className="text-muted-foreground">{formatDate(comment.createdAt)}</span>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-muted-foreground">
            {comment.authorName || 'Anonymous'}
            {comment.authorEmail ? ` · ${comment.authorEmail}` : ''}
          </p>
          <p className="whitespace-pre-wrap">{comment.content}</p>
          <div className="flex gap-2">
            {!comment.isApproved && (
              <Button size="sm" onClick={() => approve.mutate(comment.id)} disabled={approve.isPending}>
                <Check aria-hidden="true" />
                Approve
              </Button>
            )}
            <ConfirmDeleteDialog
              title="Delete Comment"
              description="Are you sure you want to delete this comment? This action cannot be undone."
              onConfirm={() => remove.mutate(comment.id)}
            >
              <Button size="sm" variant="destructive" disabled={remove.isPending}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </ConfirmDeleteDialog>
          </div>
        </CardContent>
      </Card>
    </li>
  )
}

function CommentList({ comments, empty }: { comments: AdminComment[]; empty: string }) {
  if (comments.length === 0) return <p className="py-10 text-center text-muted-foreground">{empty}</p>
  return (
    <ul className="space-y-4">
      {comments.map((c) => (
        <CommentCard key={c.id} comment={c} />
      ))}
    </ul>
  )
}

/** Spec §2: polled every 5 s, only with a user, retried up to 3 times unless the error mentions 401. */
export function CommentsPage() {
  useDocumentTitle('Comment Management')
  const { user } = useAuth()
  const comments = useQuery({ ...commentsQuery(), enabled: Boolean(user) })

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

  const pending = comments.data.filter((c) => !c.isApproved)
  const approved = comments.data.filter((c) => c.isApproved)
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Comment Management</h1>
        <p className="text-muted-foreground">
          {pending.length} pending · {approved.length} approved
        </p>
      </header>
      <Tabs defaultValue="pending">
        <TabsList>
          <TabsTrigger value="pending">Pending ({pending.length})</TabsTrigger>
          <TabsTrigger value="approved">Approved ({approved.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <CommentList comments={pending} empty="No pending comments to review." />
        </TabsContent>
        <TabsContent value="approved">
          <CommentList comments={approved} empty="No approved comments yet." />
        </TabsContent>
      </Tabs>
    </div>
  )
}
