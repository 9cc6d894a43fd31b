import { useEffect, useRef } from 'react'

/** Ctrl/Cmd+S anywhere on the page calls `onSave` instead of the browser's "Save page as". */
export function useSaveShortcut(onSave: () => void): void {
  const latest = useRef(onSave)
  latest.current = onSave
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return
      event.preventDefault()
      latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
