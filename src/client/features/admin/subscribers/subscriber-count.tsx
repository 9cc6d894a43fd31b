import { useQuery } from '@tanstack/react-query'
import { paths } from '#shared/paths.ts'
import { Link } from '../../../lib/router.tsx'
import { subscriberCountQuery } from './subscriber-queries.ts'

/** The dashboard's line on email: confirmed subscribers, or how to turn email on. */
export function SubscriberCount() {
  const { data } = useQuery(subscriberCountQuery())
  if (!data) return null
  return (
    <p className="text-sm text-muted-foreground" data-testid="subscriber-count">
      {data.enabled ? (
        <Link href={paths.admin.subscribers()} className="underline-offset-4 hover:underline">
          {`${data.subscribed} confirmed ${data.subscribed === 1 ? 'subscriber' : 'subscribers'}`}
        </Link>
      ) : (
        'Email subscriptions are off: set SMTP_URL to turn them on.'
      )}
    </p>
  )
}
