import { Check, CloudOff, LoaderCircle } from 'lucide-react'
import { AUTOSAVE_TEXT } from './editor-text.ts'
import type { Autosave } from './use-autosave.ts'

type Props = {
  state: Autosave
  /** The autosave holds changes a published or scheduled post does not show yet: "saved" then says so. */
  copy: boolean
  /** Why nothing can be saved yet (a new post without a title), shown instead of the state. */
  notReady?: string | null
}

/** The autosave state beside the editor's buttons; announced politely to screen readers. */
export function AutosaveStatus({ state: { state, reason }, copy, notReady }: Props) {
  const label = notReady
    ? AUTOSAVE_TEXT.notReady(notReady)
    : state === 'idle'
      ? ''
      : state === 'refused'
        ? AUTOSAVE_TEXT.failed(reason ?? '')
        : state === 'saved' && copy
          ? AUTOSAVE_TEXT.savedCopy
          : AUTOSAVE_TEXT[state]
  return (
    <p
      aria-live="polite"
      className="inline-flex min-h-9 items-center gap-1.5 text-sm text-muted-foreground"
      data-testid="autosave-status"
    >
      {state === 'saving' && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
      {state === 'saved' && !notReady && <Check className="size-4" aria-hidden="true" />}
      {(state === 'offline' || state === 'refused') && (
        <CloudOff className="size-4 text-destructive" aria-hidden="true" />
      )}
      {label}
    </p>
  )
}
