import { Check, Trash2, Undo2 } from 'lucide-react'
import type { AdminComment } from '#shared/schemas/engagement.ts'
import { paths } from '#shared/paths.ts'
import { formatDate } from '#shared/text/format.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx'
import { useCommentMutations } from '../queries.ts'

type Props = {
  comment: AdminComment
  selected: boolean
  onSelect: (selected: boolean) => void
  /** The comment is about to leave this list (approved, unapproved or deleted): focus moves on from it. */
  onLeave: () => void
}

/** One comment in the moderation list: its post (linked), author, text, and what can be done with it. */
export function CommentCard({ comment, selected, onSelect, onLeave }: Props) {
  const { approve, unapprove, remove } = useCommentMutations()
  const author = comment.authorName || 'Anonymous'
  const busy = approve.isPending || unapprove.isPending || remove.isPending
  return (
    <li>
      <Card data-testid="admin-comment" data-comment-id={comment.id} tabIndex={-1} aria-label={`Comment by ${author}`}>
        <CardHeader className="flex flex-row flex-wrap items-center gap-2 pb-2 text-sm">
          <Checkbox
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select the comment by ${author}`}
          />
          <Badge variant={comment.isApproved ? 'default' : 'secondary'}>
            {comment.isApproved ? 'Approved' : 'Pending'}
          </Badge>
          <a href={paths.post(comment.post.slug)} className="font-medium underline-offset-4 hover:underline">
            {comment.post.title}
          </a>
          <span className="text-muted-foreground">{formatDate(comment.createdAt)}</span>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-muted-foreground">
            {author}
            {comment.authorEmail ? ` · ${comment.authorEmail}` : ''}
          </p>
          <p className="whitespace-pre-wrap break-words">{comment.content}</p>
          <div className="flex flex-wrap gap-2">
            {comment.isApproved ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => unapprove.mutate(comment.id, { onSuccess: onLeave })}
                disabled={busy}
              >
                <Undo2 aria-hidden="true" />
                Unapprove
              </Button>
            ) : (
              <Button size="sm" onClick={() => approve.mutate(comment.id, { onSuccess: onLeave })} disabled={busy}>
                <Check aria-hidden="true" />
                Approve
              </Button>
            )}
            <ConfirmDeleteDialog
              title="Delete Comment"
              description="Are you sure you want to delete this comment? This action cannot be undone."
              onConfirm={() => remove.mutate(comment.id, { onSuccess: onLeave })}
            >
              <Button size="sm" variant="destructive" disabled={busy}>
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
