import { Trash2 } from 'lucide-react'
import type { MediaItem } from '#shared/schemas/media.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx'
import { useMediaMutations } from './media-queries.ts'

/**
 * Deletes an upload. One that posts or pages show asks first and names them (published ones would lose the picture);
 * the server refuses such a delete unless it is confirmed, so a use added meanwhile is never broken silently.
 */
export function DeleteMediaButton({ item, name }: { item: MediaItem; name: string }) {
  const { remove } = useMediaMutations()
  const inUse = item.uses.length > 0
  const published = item.uses.some((u) => u.published)
  const description = inUse
    ? `${published ? 'Published pages show this image' : 'Drafts use this image'}: they will show nothing in its place. This cannot be undone.`
    : 'Are you sure you want to delete this image? This action cannot be undone.'
  const uses = inUse && (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {item.uses.map((use) => (
        <li
          key={`${use.kind}-${use.id}`}
        >{`${use.title || 'Untitled'}${use.published ? '' : use.kind === 'post' ? ' (draft)' : ' (hidden)'}`}</li>
      ))}
    </ul>
  )
  return (
    <ConfirmDeleteDialog
      title={inUse ? 'Delete an image in use?' : 'Delete image'}
      description={description}
      details={uses}
      confirmLabel={inUse ? 'Delete anyway' : 'Delete'}
      onConfirm={() => remove.mutate({ id: item.id, name, confirm: inUse })}
    >
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        aria-label={`Delete ${name}`}
        disabled={remove.isPending}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </ConfirmDeleteDialog>
  )
}
