import { useQueryClient } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import { useState } from 'react'
import type { PostCard } from '#shared/schemas/post.ts'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx'
import { Button, buttonVariants } from '../../../components/ui/button.tsx'
import { toast } from '../../../lib/toast.tsx'
import { imagesWithoutAlt } from '../editor/alt-text.ts'
import { altTextDescription, LIST_PUBLISH_DESCRIPTION, LIST_PUBLISH_TITLE } from '../editor/editor-text.ts'
import { errorText, postQuery, usePostMutations } from '../queries.ts'

/**
 * Publish from the posts list, with the editor's checks: it asks first, and names images without alt text (the list
 * holds no content, so the post is fetched when the button is pressed).
 */
export function PublishPostButton({ post }: { post: Pick<PostCard, 'id' | 'title'> }) {
  const { publish } = usePostMutations()
  const client = useQueryClient()
  const [noAlt, setNoAlt] = useState<number | null>(null)
  const [loading, setLoading] = useState(false)
  const check = async () => {
    setLoading(true)
    try {
      const full = await client.fetchQuery({ ...postQuery(post.id), staleTime: 0 })
      setNoAlt(imagesWithoutAlt(full.content).length)
    } catch (err) {
      toast({ title: 'Error publishing post', description: errorText(err), variant: 'destructive' })
    } finally {
      setLoading(false)
    }
  }
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void check()}
        disabled={publish.isPending || loading}
        aria-label={`Publish ${post.title}`}
      >
        <Send aria-hidden="true" />
        Publish
      </Button>
      <AlertDialog open={noAlt !== null} onOpenChange={(open) => !open && setNoAlt(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{LIST_PUBLISH_TITLE(post.title)}</AlertDialogTitle>
            <AlertDialogDescription>{LIST_PUBLISH_DESCRIPTION}</AlertDialogDescription>
          </AlertDialogHeader>
          {noAlt ? (
            <p className="text-sm" data-testid="publish-alt-warning">
              {altTextDescription(noAlt)}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction className={buttonVariants()} onClick={() => publish.mutate(post.id)}>
              {noAlt ? 'Publish anyway' : 'Publish'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}
