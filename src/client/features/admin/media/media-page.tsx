import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { useRef, useState, type DragEvent } from 'react'
import { MEDIA_PAGE_SIZE } from '#shared/schemas/media.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useSearchParams } from '../../../lib/router.tsx'
import { cn } from '../../../lib/cn.ts'
import { toast } from '../../../lib/toast.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { ImageFileInput } from './image-file-input.tsx'
import { MediaCard } from './media-card.tsx'
import { mediaQuery, refreshMedia, type MediaFilter } from './media-queries.ts'
import { UploadProgressList } from './upload-progress.tsx'
import { useImageUploads } from './use-image-uploads.ts'

const FILTERS: Array<[MediaFilter, string]> = [
  ['all', 'All images'],
  ['unused', 'Unused'],
]

/** The media library: every upload with its uses, alt text, and what can be done with it. Filter and page in the URL. */
export function MediaPage() {
  useDocumentTitle('Media')
  const [params, setParams] = useSearchParams()
  const filter: MediaFilter = params.get('filter') === 'unused' ? 'unused' : 'all'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const media = useQuery(mediaQuery(filter, page))
  const client = useQueryClient()
  const { uploads, start } = useImageUploads()
  const fileRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const pages = Math.max(1, Math.ceil((media.data?.total ?? 0) / MEDIA_PAGE_SIZE))

  const go = (next: { filter?: MediaFilter; page?: number }) => {
    const search = new URLSearchParams()
    const f = next.filter ?? filter
    const p = next.page ?? 1
    if (f !== 'all') search.set('filter', f)
    if (p > 1) search.set('page', String(p))
    setParams(search, { replace: false, scroll: true })
  }
  const upload = (files: File[]) =>
    start(files, (_, file) => {
      toast({ title: 'Image uploaded', description: file.name })
      void refreshMedia(client)
    })
  const onDrop = (e: DragEvent) => {
    setDragging(false)
    if (!e.dataTransfer.types.includes('Files')) return
    e.preventDefault()
    upload([...e.dataTransfer.files])
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Media</h1>
          <p className="text-muted-foreground">Images used in your posts</p>
        </div>
        <Button onClick={() => fileRef.current?.click()}>
          <Upload aria-hidden="true" />
          Upload Images
        </Button>
        <ImageFileInput ref={fileRef} onFiles={upload} testId="media-upload-input" />
      </header>
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'rounded-lg border-2 border-dashed p-4 text-center text-sm text-muted-foreground',
          dragging && 'border-primary bg-accent',
        )}
      >
        Drop images here to upload them: JPEG, PNG, GIF or WebP, up to 10 MB each.
        {uploads.length > 0 && (
          <div className="mt-3 text-left">
            <UploadProgressList uploads={uploads} />
          </div>
        )}
      </div>
      <div role="group" aria-label="Show" className="inline-flex gap-1 rounded-md bg-muted p-1">
        {FILTERS.map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={filter === value ? 'outline' : 'ghost'}
            aria-pressed={filter === value}
            onClick={() => go({ filter: value })}
          >
            {label}
          </Button>
        ))}
      </div>
      {media.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80" />
          ))}
        </div>
      ) : media.isError ? (
        <Card className="p-8 text-center text-destructive">{media.error.message}</Card>
      ) : media.data.items.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">
          {filter === 'unused'
            ? 'Every image is used by a post or page.'
            : 'No images yet. Upload one here or from the post editor.'}
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Images">
          {media.data.items.map((item) => (
            <li key={item.id}>
              <MediaCard item={item} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Media pages" className="flex items-center justify-between">
          <Button variant="outline" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">{`Page ${page} of ${pages}`}</span>
          <Button variant="outline" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            Next
          </Button>
        </nav>
      )}
    </div>
  )
}
