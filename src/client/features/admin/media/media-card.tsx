import { Copy } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { paths } from '#shared/paths.ts'
import { ALT_TEXT_MAX, type MediaItem, type MediaUse } from '#shared/schemas/media.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { Link } from '../../../lib/router.tsx'
import { toast } from '../../../lib/toast.tsx'
import { imageMarkdown } from '../editor/markdown-actions.ts'
import { DeleteMediaButton } from './delete-media-button.tsx'
import { InsertIntoPostButton } from './insert-into-post.tsx'
import { formatBytes, thumbnailUrl, useMediaMutations } from './media-queries.ts'

export const mediaName = (item: MediaItem) => item.originalName || item.url.split('/').pop() || 'Image'

/** One upload in the library: its picture, facts, uses, alt text and actions. */
export function MediaCard({ item }: { item: MediaItem }) {
  const name = mediaName(item)
  const facts = [
    formatBytes(item.size),
    item.width && item.height ? `${item.width} × ${item.height}` : null,
    item.frames > 1 ? `${item.frames} frames` : null,
  ]
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <img
        src={thumbnailUrl(item.url)}
        alt={item.altText}
        loading="lazy"
        width={480}
        height={270}
        className="aspect-video w-full bg-muted object-contain"
        style={item.color ? { backgroundColor: item.color } : undefined}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <p className="truncate font-medium" title={name}>
            {name}
          </p>
          <p className="text-xs text-muted-foreground">{facts.filter(Boolean).join(' · ')}</p>
        </div>
        <UsedIn uses={item.uses} />
        <AltTextForm item={item} />
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => copyMarkdown(imageMarkdown(item.altText, item.url))}>
            <Copy aria-hidden="true" />
            Copy markdown
          </Button>
          <InsertIntoPostButton item={item} />
          <DeleteMediaButton item={item} name={name} />
        </div>
      </div>
    </Card>
  )
}

function copyMarkdown(markdown: string) {
  const copied = navigator.clipboard?.writeText(markdown)
  if (!copied) return toast({ title: 'Copy this markdown', description: markdown })
  copied.then(
    () => toast({ title: 'Markdown copied', description: markdown }),
    () => toast({ title: 'Copy this markdown', description: markdown }),
  )
}

function UsedIn({ uses }: { uses: MediaUse[] }) {
  if (uses.length === 0) return <p className="text-xs text-muted-foreground">Not used in any post or page</p>
  return (
    <div className="text-xs">
      <p className="text-muted-foreground">Used in</p>
      <ul className="mt-1 space-y-1">
        {uses.map((use) => (
          <li key={`${use.kind}-${use.id}`} className="flex items-center gap-2">
            <Link
              href={use.kind === 'post' ? paths.admin.editPost(use.id) : paths.admin.editFooterPage(use.id)}
              className="truncate font-medium underline-offset-2 hover:underline"
            >
              {use.title || 'Untitled'}
            </Link>
            {!use.published && <Badge variant="secondary">{use.kind === 'post' ? 'draft' : 'hidden'}</Badge>}
          </li>
        ))}
      </ul>
    </div>
  )
}

function AltTextForm({ item }: { item: MediaItem }) {
  const [alt, setAlt] = useState(item.altText)
  const { saveAlt } = useMediaMutations()
  const id = `alt-${item.id}`
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    saveAlt.mutate({ id: item.id, altText: alt })
  }
  return (
    <form onSubmit={onSubmit} className="space-y-1.5">
      <Label htmlFor={id}>Alt text</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={alt}
          maxLength={ALT_TEXT_MAX}
          placeholder="Describe the picture"
          onChange={(e) => setAlt(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={saveAlt.isPending || alt.trim() === item.altText}>
          Save
        </Button>
      </div>
    </form>
  )
}
