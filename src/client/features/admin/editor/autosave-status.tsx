import { Check, CloudOff, LoaderCircle } from 'lucide-react'
import type { AutosaveState } from './use-autosave.ts'

const LABEL: Record<Exclude<AutosaveState, 'idle'>, string> = {
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — kept locally',
}

/** The autosave state beside the editor's buttons; announced politely to screen readers. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  return (
    <p
      aria-live="polite"
      className="inline-flex min-h-9 items-center gap-1.5 text-sm text-muted-foreground"
      data-testid="autosave-status"
    >
      {state === 'saving' && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
      {state === 'saved' && <Check className="size-4" aria-hidden="true" />}
      {state === 'offline' && <CloudOff className="size-4 text-destructive" aria-hidden="true" />}
      {state === 'idle' ? '' : LABEL[state]}
    </p>
  )
}
