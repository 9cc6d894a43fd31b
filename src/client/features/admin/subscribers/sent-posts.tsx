import { useQuery } from '@tanstack/react-query'
import { RotateCcw } from 'lucide-react'
import { paths } from '#shared/paths.ts'
import { formatDate } from '#shared/text/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TableHead } from '../table-head.tsx'
import { sendsQuery, useRetryFailed } from './newsletter-queries.ts'

const COLUMNS = [
  { label: 'Post' },
  { label: 'Sent' },
  { label: 'Delivered', numeric: true },
  { label: 'Failed', numeric: true },
  { label: 'Pending', numeric: true },
]

/** Admin → Subscribers, "Sent posts": each post emailed, with delivered / failed / pending, and "Retry failed". */
export function SentPosts() {
  const sends = useQuery(sendsQuery())
  const retry = useRetryFailed()
  if (!sends.data) return null
  return (
    <section aria-labelledby="sent-posts-heading" className="space-y-3">
      <h2 id="sent-posts-heading" className="text-xl font-semibold">
        Sent posts
      </h2>
      {sends.data.length === 0 ? (
        <p className="text-muted-foreground">No post has been emailed yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead columns={COLUMNS} />
            <tbody>
              {sends.data.map((s) => (
                <tr key={s.postId} className="border-b">
                  <td className="py-2 pr-4">
                    <a className="underline-offset-4 hover:underline" href={paths.post(s.slug)}>
                      {s.title}
                    </a>
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(s.startedAt)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{s.delivered}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{s.failed}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{s.pending}</td>
                  <td className="py-2 text-right">
                    {s.failed > 0 && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(s.postId)}
                        aria-label={`Retry failed emails of ${s.title}`}
                      >
                        <RotateCcw aria-hidden="true" />
                        Retry failed
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
