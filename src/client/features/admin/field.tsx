import type { ComponentProps, ReactNode } from 'react'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { HttpError } from '../../lib/api.ts'

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  )
}

/** Zod issues -> the first message per top-level field. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '')
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

/** A labelled form field: label, control (and any hint), then its error, which `invalidProps` links to the control. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/** aria-invalid and aria-describedby for a control whose Field shows `error`. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}

/** A Field holding one Input, its label and error wired to it by `id`. */
export function InputField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string | undefined } & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <Field id={id} label={label} error={error}>
      <Input id={id} {...input} {...invalidProps(id, error)} />
    </Field>
  )
}

/** The `issues` of a server's 400 answer (`{path: 'settings.0.value', message}`), or none. */
export function serverIssues(error: unknown): Array<{ path: string; message: string }> {
  if (!(error instanceof HttpError) || error.status !== 400) return []
  try {
    const { issues } = JSON.parse(error.body) as { issues?: unknown }
    return Array.isArray(issues)
      ? issues.filter(
          (i): i is { path: string; message: string } => typeof i?.path === 'string' && typeof i?.message === 'string',
        )
      : []
  } catch {
    return []
  }
}
