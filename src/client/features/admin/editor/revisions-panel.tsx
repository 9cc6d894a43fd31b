import { useQuery } from '@tanstack/react-query'
import { History } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { toast } from '../../../lib/toast.tsx'
import type { PostForm } from '#shared/post-draft.ts'
import type { RevisionSummary } from '#shared/schemas/revision.ts'
import { errorText } from '../queries.ts'
import { restoreRevision, revisionQuery, revisionsQuery } from './editor-queries.ts'
import { RevisionDiff } from './revision-diff.tsx'

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function RevisionDialog({
  postId,
  revision,
  current,
  onRestored,
  onClose,
}: {
  postId: string
  revision: RevisionSummary
  current: string
  onRestored: (form: PostForm) => void
  onClose: () => void
}) {
  const detail = useQuery(revisionQuery(postId, revision.id))
  const [restoring, setRestoring] = useState(false)
  const restore = async () => {
    setRestoring(true)
    try {
      const working = await restoreRevision(postId, revision.id)
      onRestored(working.form)
      toast({ title: 'Revision restored', description: 'It is your working copy now: save to keep it.' })
      onClose()
    } catch (err) {
      toast({ title: 'Could not restore this revision', description: errorText(err), variant: 'destructive' })
    } finally {
      setRestoring(false)
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{`Revision from ${when(revision.createdAt)}`}</DialogTitle>
          <DialogDescription>{revision.title}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <Spinner label="Loading revision" />
        ) : detail.isError ? (
          <p className="text-destructive">{errorText(detail.error)}</p>
        ) : (
          <RevisionDiff revision={detail.data.form.content} current={current} />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void restore()} disabled={restoring || !detail.data}>
            Restore
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Every save's snapshot (newest first); each opens a diff against the current text and can be restored. */
export function RevisionsPanel({
  postId,
  current,
  onRestored,
}: {
  postId: string
  current: string
  onRestored: (form: PostForm) => void
}) {
  const revisions = useQuery(revisionsQuery(postId))
  const [open, setOpen] = useState<RevisionSummary | null>(null)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="size-4" aria-hidden="true" />
          Revisions
        </CardTitle>
      </CardHeader>
      <CardContent>
        {revisions.isPending ? (
          <Spinner label="Loading revisions" />
        ) : revisions.isError ? (
          <p className="text-sm text-destructive">{errorText(revisions.error)}</p>
        ) : revisions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No revisions yet.</p>
        ) : (
          <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label="Revisions">
            {revisions.data.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground"
                  onClick={() => setOpen(r)}
                >
                  <span className="block font-medium">{when(r.createdAt)}</span>
                  <span className="block truncate text-xs text-muted-foreground">{r.title}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {open && (
        <RevisionDialog
          postId={postId}
          revision={open}
          current={current}
          onRestored={onRestored}
          onClose={() => setOpen(null)}
        />
      )}
    </Card>
  )
}
