import { useQuery } from '@tanstack/react-query'
import { ArrowRight, CornerDownRight, Trash2, X } from 'lucide-react'
import { useRef, useState, type FormEvent } from 'react'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { toast } from '../../../lib/toast.tsx'
import { RedirectInputSchema, type NotFoundEntry, type Redirect } from '#shared/schemas/redirect.ts'
import { formatDate } from '#shared/text/format.ts'
import { Field, invalidProps } from '../field.tsx'
import { errorText } from '../queries.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { notFoundLogQuery, redirectsQuery, useRedirectMutations } from './redirect-queries.ts'

const SOURCE_LABEL: Record<Redirect['source'], string> = { manual: 'Manual', slug: 'Slug change', import: 'Import' }

function RuleList({ rules }: { rules: Redirect[] }) {
  const { remove } = useRedirectMutations()
  if (rules.length === 0) return <p className="py-6 text-center text-muted-foreground">No redirects yet.</p>
  return (
    <ul className="divide-y" aria-label="Redirect rules">
      {rules.map((rule) => (
        <li key={rule.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-testid="redirect-rule">
          <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
            <p className="flex flex-wrap items-center gap-x-2 break-all font-mono text-sm">
              <span>{rule.fromPath}</span>
              <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-label="to" />
              <span>{rule.toPath}</span>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="secondary">{SOURCE_LABEL[rule.source]}</Badge>
              <span>{`${rule.hits} ${rule.hits === 1 ? 'hit' : 'hits'}`}</span>
              <span>{formatDate(rule.createdAt)}</span>
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove redirect from ${rule.fromPath}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(rule.id, {
                onError: (err) => toast({ title: 'Error', description: errorText(err), variant: 'destructive' }),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </li>
      ))}
    </ul>
  )
}

function NotFoundList({ entries, onRedirect }: { entries: NotFoundEntry[]; onRedirect: (path: string) => void }) {
  const { dismiss } = useRedirectMutations()
  if (entries.length === 0) return <p className="py-6 text-center text-muted-foreground">No missing pages recorded.</p>
  return (
    <ul className="divide-y" aria-label="Missing pages">
      {entries.map((entry) => (
        <li key={entry.path} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="not-found-entry">
          <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
            <p className="break-all font-mono text-sm">{entry.path}</p>
            <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span>{`${entry.hits} ${entry.hits === 1 ? 'hit' : 'hits'}`}</span>
              <span>{`Last seen ${formatDate(entry.lastSeenAt)}`}</span>
              {entry.referrer && <span className="break-all">{`From ${entry.referrer}`}</span>}
            </p>
          </div>
          <div className="flex gap-1">
            <Button
              variant="outline"
              size="sm"
              onClick={() => onRedirect(entry.path)}
              aria-label={`Redirect ${entry.path} to…`}
            >
              <CornerDownRight aria-hidden="true" />
              Redirect to…
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Dismiss ${entry.path}`}
              disabled={dismiss.isPending}
              onClick={() => dismiss.mutate(entry.path)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** Redirect rules (slug changes, imports, added by hand) and the log of missing pages they can fix. */
export function RedirectsPage() {
  useDocumentTitle('Redirects')
  const rules = useQuery(redirectsQuery())
  const notFound = useQuery(notFoundLogQuery())
  const { create } = useRedirectMutations()
  const [fromPath, setFromPath] = useState('')
  const [toPath, setToPath] = useState('')
  const [error, setError] = useState<string | undefined>()
  const toRef = useRef<HTMLInputElement>(null)
  const fromRef = useRef<HTMLInputElement>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    // The API's own schema: a target that leaves the site is named here, before anything is sent.
    const checked = RedirectInputSchema.safeParse({ fromPath, toPath })
    if (!checked.success) return setError(checked.error.issues[0]?.message)
    create.mutate(
      { fromPath, toPath },
      {
        onSuccess: (rule) => {
          toast({ title: 'Redirect added', description: `${rule.fromPath} now goes to ${rule.toPath}` })
          setFromPath('')
          setToPath('')
        },
        onError: (err) => setError(errorText(err)),
      },
    )
  }

  const redirectFrom = (path: string) => {
    setFromPath(path)
    setError(undefined)
    fromRef.current?.scrollIntoView({ block: 'center' })
    toRef.current?.focus()
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Redirects</h1>
      <Card>
        <CardHeader>
          <CardTitle>Add a redirect</CardTitle>
          <CardDescription>
            Old addresses answer 301 to the new one. Paths on this site only, like /old-page or /?p=123.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start" noValidate>
            <Field id="redirect-from" label="From path">
              <Input
                id="redirect-from"
                ref={fromRef}
                value={fromPath}
                onChange={(e) => setFromPath(e.target.value)}
                placeholder="/old-page"
                {...invalidProps('redirect-form', error)}
              />
            </Field>
            <Field id="redirect-to" label="To path">
              <Input
                id="redirect-to"
                ref={toRef}
                value={toPath}
                onChange={(e) => setToPath(e.target.value)}
                placeholder="/blog/new-post"
                {...invalidProps('redirect-form', error)}
              />
            </Field>
            <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
              Add redirect
            </Button>
          </form>
          {error && (
            <p id="redirect-form-error" role="alert" className="mt-3 text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Rules</CardTitle>
        </CardHeader>
        <CardContent>
          {rules.isPending ? (
            <Spinner label="Loading redirects" />
          ) : rules.isError ? (
            <p className="text-destructive">{errorText(rules.error)}</p>
          ) : (
            <RuleList rules={rules.data} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>404 log</CardTitle>
          <CardDescription>
            The most-visited addresses that found nothing. Turn one into a redirect, or dismiss it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {notFound.isPending ? (
            <Spinner label="Loading the 404 log" />
          ) : notFound.isError ? (
            <p className="text-destructive">{errorText(notFound.error)}</p>
          ) : (
            <NotFoundList entries={notFound.data} onRedirect={redirectFrom} />
          )}
        </CardContent>
      </Card>
    </div>
  )
}
