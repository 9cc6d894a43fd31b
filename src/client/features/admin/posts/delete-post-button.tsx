import { Trash2 } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { toast } from '../../../lib/toast.tsx'
import { errorText, usePostMutations } from '../queries.ts'

/** The 'Delete Post' confirmation used by the posts list and the dashboard. */
export function DeletePostButton({ id, title }: { id: string; title: string }) {
  const { remove } = usePostMutations()
  const onConfirm = () =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Post deleted successfully!' }),
      onError: (err) => toast({ title: 'Error deleting post', description: errorText(err), variant: 'destructive' }),
    })
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete ${title}`} disabled={remove.isPending} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Post</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to delete this post? This action cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
