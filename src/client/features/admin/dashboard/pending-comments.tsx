import { MessageSquare } from 'lucide-react'
import { paths } from '#shared/paths.ts'
import { plural } from '#shared/text/format.ts'
import { Link } from '../../../lib/router.tsx'

export const pendingText = (n: number) =>
  n === 0 ? 'No comments awaiting moderation' : `${n} ${plural(n, 'comment')} awaiting moderation`

/** The comments waiting for the admin, linked to the moderation list. */
export function PendingComments({ count }: { count: number | undefined }) {
  if (count === undefined) return null
  return (
    <Link
      href={paths.admin.comments()}
      className="flex items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
    >
      <MessageSquare className="size-4 text-muted-foreground" aria-hidden="true" />
      <span data-testid="pending-comments">{pendingText(count)}</span>
      {count > 0 && <span className="ml-auto text-muted-foreground">Review</span>}
    </Link>
  )
}
