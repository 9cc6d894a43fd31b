import { useQuery } from '@tanstack/react-query'
import { LogOut, Monitor, Smartphone } from 'lucide-react'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../lib/toast.tsx'
import type { SessionInfo } from '#shared/schemas/security.ts'
import { plural } from '#shared/text/format.ts'
import { errorText } from '../queries.ts'
import { sessionsQuery, useSessionMutations } from './security-queries.ts'

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const isPhone = (device: string) => /iPhone|iPad|Android/.test(device)

function SessionRow({ session, onSignOut, busy }: { session: SessionInfo; onSignOut: () => void; busy: boolean }) {
  const Icon = isPhone(session.device) ? Smartphone : Monitor
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium" title={session.userAgent ?? undefined}>
            {session.device}
            {session.current && <Badge variant="secondary">This device</Badge>}
          </p>
          <p className="text-sm break-words text-muted-foreground">
            {session.ip ?? 'Unknown address'} ·{' '}
            {session.current ? 'Active now' : `Last active ${dateTime(session.lastSeenAt)}`}
          </p>
          <p className="text-xs text-muted-foreground">Signed in {dateTime(session.createdAt)}</p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          onClick={onSignOut}
          disabled={busy}
          aria-label={`Sign out ${session.device}, last active ${dateTime(session.lastSeenAt)}`}
        >
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      )}
    </li>
  )
}

/** Where the admin is signed in, with "Sign out everywhere else" and signing out one other session. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery())
  const { signOut, signOutOthers } = useSessionMutations()
  const others = sessions.data?.filter((s) => !s.current).length ?? 0
  const onError = (err: Error) =>
    toast({ title: 'Error signing out', description: errorText(err), variant: 'destructive' })

  const signOutEverywhereElse = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) =>
        toast({ title: `Signed out of ${signedOut} other ${plural(signedOut, 'session')}` }),
      onError,
    })

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>Sessions</CardTitle>
          <CardDescription>
            Where you are signed in. A session ends after 30 days, or sooner when unused.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={signOutEverywhereElse}
          disabled={others === 0 || signOutOthers.isPending}
        >
          Sign out everywhere else
        </Button>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Skeleton className="h-32" />
        ) : sessions.isError ? (
          <p className="text-destructive">{errorText(sessions.error)}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Signed-in sessions">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={signOut.isPending}
                onSignOut={() =>
                  signOut.mutate(session.id, {
                    onSuccess: () => toast({ title: `Signed out ${session.device}` }),
                    onError,
                  })
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
