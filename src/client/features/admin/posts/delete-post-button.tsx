import { Trash2 } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx'
import { usePostMutations } from '../queries.ts'

/** The 'Delete Post' confirmation used by the posts list and the dashboard. */
export function DeletePostButton({ id, title }: { id: string; title: string }) {
  const { remove } = usePostMutations()
  return (
    <ConfirmDeleteDialog
      title="Delete Post"
      description="Are you sure you want to delete this post? This action cannot be undone."
      onConfirm={() => remove.mutate(id)}
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${title}`}
        disabled={remove.isPending}
        className="text-destructive hover:text-destructive"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </ConfirmDeleteDialog>
  )
}
