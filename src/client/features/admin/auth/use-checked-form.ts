import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { fieldErrors } from '../field.tsx'

type TextFields = Record<string, string>

/**
 * Spec §5: a form checked with its shared schema on submit, and from then on at every change. Each submit
 * clears the server's last error; `onValid` runs only with parsed, valid data.
 */
export function useCheckedForm<S extends z.ZodType<TextFields, TextFields>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial)
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const parsed = schema.safeParse(values)
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error.issues) : {}

  const set = (key: keyof z.input<S>) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))

  const onSubmit = (onValid: (data: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    setServerError(null)
    if (parsed.success) onValid(parsed.data)
  }

  return { values, set, errors, onSubmit, serverError, setServerError }
}
