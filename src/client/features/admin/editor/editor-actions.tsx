import { ExternalLink } from 'lucide-react'
import type { PostStatus } from '#shared/schemas/post.ts'
import { paths } from '#shared/paths.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx'
import { UNPUBLISH_TITLE, unpublishDescription } from './editor-text.ts'

type Props = {
  /** The stored post's status and address; null before the post exists. */
  saved: { status: PostStatus; slug: string } | null
  pending: boolean
  save: (status: PostStatus) => void
}

/**
 * The editor's buttons. Saving (Ctrl/Cmd+S, Save as Draft, Update Post, Schedule) keeps the post's state; changing
 * it is its own, named action: Publish, Unschedule, or Unpublish (asked first, since readers then get a 404).
 */
export function EditorActions({ saved, pending, save }: Props) {
  const status = saved?.status ?? 'draft'
  return (
    <>
      {saved && (
        <Button asChild variant="ghost">
          <a href={paths.post(saved.slug)} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            View post
          </a>
        </Button>
      )}
      {status === 'draft' && (
        <Button variant="outline" disabled={pending} onClick={() => save('draft')}>
          Save as Draft
        </Button>
      )}
      {status === 'scheduled' && (
        <Button variant="outline" disabled={pending} onClick={() => save('draft')}>
          Unschedule
        </Button>
      )}
      {status === 'published' && saved && (
        <ConfirmDeleteDialog
          title={UNPUBLISH_TITLE}
          description={unpublishDescription(paths.post(saved.slug))}
          confirmLabel="Unpublish"
          onConfirm={() => save('draft')}
        >
          <Button variant="outline" disabled={pending}>
            Unpublish
          </Button>
        </ConfirmDeleteDialog>
      )}
      <Button disabled={pending} onClick={() => save('published')}>
        {pending ? 'Saving...' : status === 'published' ? 'Update Post' : 'Publish'}
      </Button>
    </>
  )
}
