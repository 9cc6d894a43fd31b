import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { MediaItem } from '#shared/schemas/media.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { mediaQuery, thumbnailUrl } from './media-queries.ts'

const PICKER_PAGE = 12

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  onPick: (item: MediaItem) => void
}

/** Choose an upload from the library: to insert it into a post, or to make it the featured image. */
export function MediaPicker({ open, onOpenChange, title, description, onPick }: Props) {
  const [page, setPage] = useState(1)
  const media = useQuery({ ...mediaQuery('all', page, PICKER_PAGE), enabled: open })
  const pages = Math.max(1, Math.ceil((media.data?.total ?? 0) / PICKER_PAGE))
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {media.isPending ? (
          <Spinner label="Loading images" />
        ) : media.data && media.data.items.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {media.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(item)
                    onOpenChange(false)
                  }}
                  className="group block w-full overflow-hidden rounded-md border text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <img
                    src={thumbnailUrl(item.url)}
                    alt={item.altText}
                    loading="lazy"
                    className="aspect-video w-full bg-muted object-cover transition-opacity group-hover:opacity-80"
                  />
                  <span className="block truncate px-2 py-1 text-xs">
                    {item.originalName || item.altText || 'Image'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No images yet: upload one in the editor or the media library.
          </p>
        )}
        {pages > 1 && (
          <div className="flex items-center justify-between">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span className="text-sm text-muted-foreground">{`Page ${page} of ${pages}`}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
