import { useEffect, useState } from 'react'
import type { PostForm } from '#shared/post-draft.ts'
import { saveAutosave } from './editor-queries.ts'

/** Quiet time after the last keystroke before the working copy goes to the server. */
export const AUTOSAVE_DELAY_MS = 2000

export type AutosaveState = 'idle' | 'saving' | 'saved' | 'offline'

/**
 * Saves the form to the server a moment after typing stops (the local backup is written meanwhile, so nothing is
 * lost offline). A failed save shows "offline" and is retried when the browser is back online or on the next edit.
 */
export function useAutosave(key: string, form: PostForm, enabled: boolean): AutosaveState {
  const [savedText, setSavedText] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const [retry, setRetry] = useState(0)
  const text = JSON.stringify(form)

  useEffect(() => {
    const onOnline = () => setRetry((n) => n + 1)
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [])

  useEffect(() => {
    if (!enabled || text === savedText) return
    let live = true
    const timer = setTimeout(() => {
      saveAutosave(key, form).then(
        () => {
          if (!live) return
          setSavedText(text)
          setFailed(false)
        },
        () => live && setFailed(true),
      )
    }, AUTOSAVE_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [key, form, text, enabled, retry, savedText])

  // Edits waiting for the quiet moment count as "Saving…": they are on their way (and in the local backup already).
  if (failed) return 'offline'
  if (enabled && text !== savedText) return 'saving'
  return savedText === null ? 'idle' : 'saved'
}
