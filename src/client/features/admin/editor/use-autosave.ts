import { useCallback, useEffect, useRef, useState } from 'react'
import type { PostForm } from '#shared/post-draft.ts'
import { HttpError } from '../../../lib/api.ts'
import { errorText } from '../queries.ts'

/** Quiet time after the last keystroke before the text goes to the server. */
export const AUTOSAVE_DELAY_MS = 2000

/** pending: edits wait for the quiet moment; saving: a request is in flight; saved: the text is on the server. */
export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'refused'
export type Autosave = {
  state: AutosaveState
  /** The server's reason when it refused the text. */
  reason: string | null
  /** A save outside autosave put this text on the server (so typing back to an older autosaved text is not "saved"). */
  markSaved: (form: PostForm) => void
}

/**
 * Sends the form with `save` a moment after typing stops, one request at a time (a new post's first save creates
 * it, so two at once would make two posts). The local backup is written meanwhile, so nothing is lost offline. A
 * failed save shows "offline" and is retried when the browser is back online or on the next edit.
 */
export function useAutosave(form: PostForm, enabled: boolean, save: (form: PostForm) => Promise<void>): Autosave {
  const [savedText, setSavedText] = useState<string | null>(null)
  const [inFlight, setInFlight] = useState(false)
  const [failed, setFailed] = useState<{ reason: string | null } | null>(null)
  const [retry, setRetry] = useState(0)
  const saveRef = useRef(save)
  saveRef.current = save
  const mounted = useRef(true)
  const text = JSON.stringify(form)
  const markSaved = useCallback((saved: PostForm) => setSavedText(JSON.stringify(saved)), [])

  useEffect(() => {
    mounted.current = true
    const onOnline = () => setRetry((n) => n + 1)
    window.addEventListener('online', onOnline)
    return () => {
      mounted.current = false
      window.removeEventListener('online', onOnline)
    }
  }, [])

  useEffect(() => {
    if (!enabled || inFlight || text === savedText) return
    const timer = setTimeout(() => {
      setInFlight(true)
      // The answer is kept even when typing went on meanwhile: it says what the server holds.
      saveRef.current(form).then(
        () => {
          if (!mounted.current) return
          setSavedText(text)
          setFailed(null)
          setInFlight(false)
        },
        (err: unknown) => {
          if (!mounted.current) return
          // An answer from the server (a taken slug, say) is a refusal; no answer at all means offline.
          setFailed({ reason: err instanceof HttpError ? errorText(err) : null })
          setInFlight(false)
        },
      )
    }, AUTOSAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [form, text, enabled, inFlight, retry, savedText])

  const state: AutosaveState = inFlight
    ? 'saving'
    : !enabled
      ? savedText === null
        ? 'idle'
        : 'saved'
      : text === savedText
        ? 'saved'
        : failed
          ? failed.reason === null
            ? 'offline'
            : 'refused'
          : 'pending'
  return { state, reason: state === 'refused' ? (failed?.reason ?? null) : null, markSaved }
}
