import { Check, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { AdminComment } from '#shared/schemas/engagement.ts'
import { plural } from '#shared/text/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx'
import { useCommentMutations } from '../queries.ts'
import { CommentCard } from './comment-card.tsx'

type Props = { comments: AdminComment[]; empty: string; canApprove: boolean }

/**
 * A page of the moderation list with bulk actions on the ticked comments. When a comment leaves the list, focus goes
 * to the one that took its place (or the one before, or the list's empty message), never back to the page's top.
 */
export function CommentList({ comments, empty, canApprove }: Props) {
  const { bulk } = useCommentMutations()
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [leaving, setLeaving] = useState<{ id: string; index: number } | null>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const shown = comments.filter((c) => selected.has(c.id)).map((c) => c.id)

  useEffect(() => {
    if (!leaving || comments.some((c) => c.id === leaving.id)) return
    const cards = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="admin-comment"]') ?? []
    const target = cards[Math.min(leaving.index, cards.length - 1)] ?? listRef.current?.querySelector('[data-empty]')
    ;(target as HTMLElement | null | undefined)?.focus()
    setLeaving(null)
  }, [comments, leaving])

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const runBulk = (action: 'approve' | 'delete') =>
    bulk.mutate({ action, ids: shown }, { onSuccess: () => setSelected(new Set()) })

  return (
    <div ref={listRef} className="space-y-4">
      {comments.length === 0 ? (
        <p data-empty tabIndex={-1} className="py-10 text-center text-muted-foreground focus:outline-none">
          {empty}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-md border bg-muted/40 px-3 py-2 text-sm">
            <label className="inline-flex items-center gap-2">
              <Checkbox
                checked={shown.length === comments.length}
                onChange={(e) => setSelected(new Set(e.target.checked ? comments.map((c) => c.id) : []))}
              />
              Select all on this page
            </label>
            <span className="text-muted-foreground" aria-live="polite">
              {shown.length > 0 ? `${shown.length} ${plural(shown.length, 'comment')} selected` : ''}
            </span>
            <div className="ml-auto flex flex-wrap gap-2">
              {canApprove && (
                <Button size="sm" onClick={() => runBulk('approve')} disabled={shown.length === 0 || bulk.isPending}>
                  <Check aria-hidden="true" />
                  Approve selected
                </Button>
              )}
              <ConfirmDeleteDialog
                title="Delete Comments"
                description={`Delete ${shown.length} selected ${plural(shown.length, 'comment')}? This action cannot be undone.`}
                onConfirm={() => runBulk('delete')}
              >
                <Button size="sm" variant="destructive" disabled={shown.length === 0 || bulk.isPending}>
                  <Trash2 aria-hidden="true" />
                  Delete selected
                </Button>
              </ConfirmDeleteDialog>
            </div>
          </div>
          <ul className="space-y-4">
            {comments.map((c, index) => (
              <CommentCard
                key={c.id}
                comment={c}
                selected={selected.has(c.id)}
                onSelect={(on) => select(c.id, on)}
                onLeave={() => setLeaving({ id: c.id, index })}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
