import { useQuery } from '@tanstack/react-query'
import { Download, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import type { AdminSubscriber } from '#shared/schemas/subscriber.ts'
import { formatDate } from '#shared/text/format.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { NativeSelect } from '../../../components/ui/native-select.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx'
import { TableHead } from '../table-head.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { ImportForm } from './import-form.tsx'
import { SentPosts } from './sent-posts.tsx'
import { subscriberCountQuery, subscribersQuery, useDeleteSubscriber } from './subscriber-queries.ts'

const STATUSES = ['pending', 'subscribed', 'unsubscribed', 'bounced'] as const
const COLUMNS = [{ label: 'Email' }, { label: 'Status' }, { label: 'Signed up' }, { label: 'Confirmed' }]

function SubscriberRow({ subscriber }: { subscriber: AdminSubscriber }) {
  const remove = useDeleteSubscriber()
  return (
    <tr className="border-b">
      <td className="py-2 pr-4 break-all">{subscriber.email}</td>
      <td className="py-2 pr-4">
        <Badge variant={subscriber.status === 'subscribed' ? 'default' : 'secondary'}>{subscriber.status}</Badge>
      </td>
      <td className="py-2 pr-4 whitespace-nowrap">{formatDate(subscriber.createdAt)}</td>
      <td className="py-2 pr-4 whitespace-nowrap">
        {subscriber.confirmedAt ? formatDate(subscriber.confirmedAt) : '—'}
      </td>
      <td className="py-2 text-right">
        <ConfirmDeleteDialog
          title="Delete Subscriber"
          description={`Delete ${subscriber.email}? This action cannot be undone.`}
          onConfirm={() => remove.mutate(subscriber.id)}
        >
          <Button size="sm" variant="ghost" disabled={remove.isPending} aria-label={`Delete ${subscriber.email}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </ConfirmDeleteDialog>
      </td>
    </tr>
  )
}

/** Admin → Subscribers: search, filter by status, page through, delete, export and import CSV; the posts sent by email. */
export function SubscribersPage() {
  useDocumentTitle('Subscribers')
  const id = useId()
  const { user } = useAuth()
  const [email, setEmail] = useState('')
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(1)
  const count = useQuery({ ...subscriberCountQuery(), enabled: Boolean(user) })
  const list = useQuery({ ...subscribersQuery({ email, status, page }), enabled: Boolean(user) })
  if (!user) return null
  const data = list.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Subscribers</h1>
          {count.data?.enabled && <p className="text-muted-foreground">{`${count.data.subscribed} confirmed`}</p>}
        </div>
        <Button asChild variant="outline">
          <a href="/api/admin/subscribers/export.csv" download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </header>
      {count.data && !count.data.enabled && (
        <Alert>
          <p>
            Email subscriptions are off. Set <code>SMTP_URL</code> (and <code>MAIL_FROM</code>) and restart to show the
            subscribe form.
          </p>
        </Alert>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <div className="space-y-2">
          <Label htmlFor={`${id}-search`}>Search</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
              setPage(1)
            }}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value)
              setPage(1)
            }}
          >
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {list.isPending ? (
        <Spinner label="Loading subscribers" />
      ) : !data || data.subscribers.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">No subscribers found</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead columns={COLUMNS} />
            <tbody>
              {data.subscribers.map((s) => (
                <SubscriberRow key={s.id} subscriber={s} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && pages > 1 && (
        <nav aria-label="Subscriber pages" className="flex items-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm">{`Page ${page} of ${pages}`}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      {count.data?.enabled && <ImportForm />}
      {count.data?.enabled && <SentPosts />}
    </div>
  )
}
