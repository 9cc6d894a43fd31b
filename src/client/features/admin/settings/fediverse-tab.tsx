import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { z } from 'zod'
import {
  FediverseFollowersPageSchema,
  FediverseOverviewSchema,
  type FediverseFollower,
  type FediverseOverview,
  type FediverseSettings,
} from '#shared/schemas/fediverse.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { apiJson, queryString } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.tsx'
import { Field, invalidProps, serverIssues } from '../field.tsx'
import { errorText } from '../queries.ts'
import { FEDIVERSE_KEY as KEY, fediverseOverviewQuery as overviewQuery } from './fediverse-queries.ts'

const FOLLOWERS_KEY = ['/api/admin/fediverse/followers'] as const
const Done = z.object({ ok: z.literal(true) })

const followersQuery = (after: string | null) =>
  queryOptions({
    queryKey: [...FOLLOWERS_KEY, after ?? ''],
    queryFn: () => apiJson(FediverseFollowersPageSchema, `/api/admin/fediverse/followers${queryString({ after })}`),
  })

/** Settings → Fediverse: the handle, the switch, and the followers (remove one, or block its account). */
export function FediverseTab() {
  const overview = useQuery(overviewQuery())
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Fediverse</CardTitle>
          <CardDescription>
            People on Mastodon and other fediverse servers can follow the blog and see each new post.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {overview.data ? <FediverseForm initial={overview.data} /> : <Skeleton className="h-32" />}
        </CardContent>
      </Card>
      {overview.data ? <FollowersCard count={overview.data.followerCount} /> : null}
    </div>
  )
}

function FediverseForm({ initial }: { initial: FediverseOverview }) {
  const client = useQueryClient()
  const [values, setValues] = useState<FediverseSettings>({ enabled: initial.enabled, handle: initial.handle })
  const [error, setError] = useState<string | undefined>()
  const save = useMutation({
    mutationFn: (body: FediverseSettings) =>
      apiJson(FediverseOverviewSchema, '/api/admin/fediverse', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved)
      toast({ title: 'Settings saved successfully!' })
    },
    onError: (err) => {
      const issue = serverIssues(err).find((i) => i.path === 'handle')
      setError(issue?.message)
      toast({
        title: 'Error saving settings',
        description: issue ? issue.message : errorText(err),
        variant: 'destructive',
      })
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    save.mutate({ enabled: values.enabled, handle: values.handle.trim() })
  }
  const account = `@${values.handle.trim() || '…'}@${initial.account.split('@').at(-1)}`
  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-4">
      <div className="flex items-center gap-2">
        <Checkbox
          id="fediverse-enabled"
          checked={values.enabled}
          onChange={(e) => setValues((v) => ({ ...v, enabled: e.target.checked }))}
        />
        <Label htmlFor="fediverse-enabled">Federation on</Label>
      </div>
      <Field id="fediverse-handle" label="Handle" error={error}>
        <Input
          id="fediverse-handle"
          value={values.handle}
          autoComplete="off"
          onChange={(e) => setValues((v) => ({ ...v, handle: e.target.value }))}
          {...invalidProps('fediverse-handle', error)}
          aria-describedby={error ? 'fediverse-handle-error fediverse-handle-hint' : 'fediverse-handle-hint'}
        />
        <p id="fediverse-handle-hint" className="text-sm text-muted-foreground">
          Followers find the blog as <strong className="break-all">{account}</strong>
        </p>
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  )
}

function FollowersCard({ count }: { count: number }) {
  const [after, setAfter] = useState<string | null>(null)
  const page = useQuery(followersQuery(after))
  return (
    <Card>
      <CardHeader>
        <CardTitle>Followers</CardTitle>
        <CardDescription>{count === 1 ? '1 follower' : `${count} followers`} on the fediverse.</CardDescription>
      </CardHeader>
      <CardContent>
        {!page.data ? (
          <Skeleton className="h-24" />
        ) : page.data.followers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No followers yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Followers">
            {page.data.followers.map((f) => (
              <FollowerRow key={f.actorId} follower={f} />
            ))}
          </ul>
        )}
        {page.data?.next ? (
          <Button variant="outline" className="mt-4" onClick={() => setAfter(page.data.next)}>
            Next page
          </Button>
        ) : null}
      </CardContent>
    </Card>
  )
}

function FollowerRow({ follower }: { follower: FediverseFollower }) {
  const client = useQueryClient()
  const act = useMutation({
    mutationFn: (kind: 'remove' | 'block') =>
      apiJson(Done, kind === 'remove' ? '/api/admin/fediverse/followers/remove' : '/api/admin/fediverse/blocks', {
        method: 'POST',
        body: { actorId: follower.actorId },
      }),
    onSuccess: (_done, kind) => {
      toast({ title: kind === 'remove' ? 'Follower removed' : 'Account blocked' })
      return Promise.all([
        client.invalidateQueries({ queryKey: KEY }),
        client.invalidateQueries({ queryKey: FOLLOWERS_KEY }),
      ])
    },
    onError: (err) => toast({ title: 'Could not do that', description: errorText(err), variant: 'destructive' }),
  })
  const who = follower.name || follower.handle
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {follower.url ? (
            <a href={follower.url} className="underline-offset-4 hover:underline" rel="noopener noreferrer">
              {who}
            </a>
          ) : (
            who
          )}
        </p>
        <p className="text-sm text-muted-foreground break-all">
          {follower.handle} · {follower.server} · since {new Date(follower.since).toLocaleDateString()}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={act.isPending}
          onClick={() => act.mutate('remove')}
          aria-label={`Remove ${who}`}
        >
          Remove
        </Button>
        <Button
          variant="destructive"
          size="sm"
          disabled={act.isPending}
          onClick={() => act.mutate('block')}
          aria-label={`Block ${who}`}
        >
          Block
        </Button>
      </div>
    </li>
  )
}
