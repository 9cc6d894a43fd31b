import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { SUBSCRIBE_ANSWER, SUBSCRIBE_PROMISE } from '#shared/site/subscribe-text.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { HttpError, waitText } from '../../lib/api.ts'
import { requestJson } from '../../lib/get-json.ts'
import { useQuery } from '../../lib/page-query.ts'
import { subscriptionsQuery } from './queries.ts'

/**
 * New posts by email (double opt-in). A plain form POST to /subscribe without JavaScript, which lands on a page
 * saying to check the inbox; with it, the same answer appears here. Hidden when email is not set up.
 */
export function SubscribeForm() {
  const id = useId()
  const info = useQuery(subscriptionsQuery())
  const [email, setEmail] = useState('')
  const submit = useMutation({
    mutationFn: () => requestJson<{ message: string }>('/api/subscribers', { method: 'POST', body: { email } }),
  })
  if (!info.data?.enabled) return null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit.mutate()
  }
  const error = submit.error
    ? (waitText(submit.error) ??
      (submit.error instanceof HttpError ? submit.error.serverMessage : 'Could not subscribe. Please try again.'))
    : null

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-12 rounded-xl border bg-card p-5">
      <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">
        Subscribe
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{SUBSCRIBE_PROMISE}</p>
      <form method="post" action="/subscribe" onSubmit={onSubmit} className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Label htmlFor={`${id}-email`} className="sr-only">
          Email
        </Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status`}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={submit.isPending}>
          Subscribe
        </Button>
      </form>
      <p id={`${id}-status`} role="status" className={error ? 'mt-2 text-sm text-destructive' : 'mt-2 text-sm'}>
        {submit.isSuccess ? SUBSCRIBE_ANSWER : error}
      </p>
    </section>
  )
}
