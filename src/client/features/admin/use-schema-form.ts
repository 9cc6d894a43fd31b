import type { UseMutationResult } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { toast } from '../../lib/toast.tsx'
import { serverIssues } from './field.tsx'
import { errorText } from './queries.ts'

type Issue = { path: string; message: string }

type Options = {
  /** The toast's title when the save fails. */
  errorTitle: string
  /** Errors keyed by an issue's whole path (`header.0.href`); otherwise by its top-level field. */
  byPath?: boolean
  /** When the server names fields, the toast points at them instead of quoting the server. */
  pointAtFields?: boolean
}

/**
 * A settings form saved through its shared schema: checked on submit, then saved with `mutation`; the first message
 * per field, from the schema or from the server's 400, shows at that field, and a failed save is also toasted.
 */
export function useSchemaForm<S extends z.ZodType, Saved>(
  schema: S,
  mutation: UseMutationResult<Saved, Error, z.output<S>>,
  initial: z.output<S>,
  { errorTitle, byPath = false, pointAtFields = false }: Options,
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})

  const show = (issues: Issue[]) => {
    const byField: Record<string, string> = {}
    for (const issue of issues) byField[byPath ? issue.path : issue.path.split('.')[0]!] ??= issue.message
    setErrors(byField)
    return Object.keys(byField).length > 0
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })))
      return
    }
    setErrors({})
    mutation.mutate(parsed.data, {
      onError: (err) => {
        const named = show(serverIssues(err))
        const description = pointAtFields && named ? 'Check the highlighted fields.' : errorText(err)
        toast({ title: errorTitle, description, variant: 'destructive' })
      },
    })
  }

  return { values, setValues, errors, onSubmit }
}
