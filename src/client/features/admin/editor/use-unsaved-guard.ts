import { useEffect } from 'react'

export const LEAVE_MESSAGE = 'You have unsaved changes. Leave this page anyway?'

/**
 * While `dirty`, closing or reloading the tab asks first (beforeunload), and so does following an in-app link: a capture
 * listener on the document runs before the router's click handler and can cancel the navigation. Back and Forward
 * within the app ask through the Navigation API where the browser has it.
 */
export function useUnsavedGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
      const anchor = (event.target as Element | null)?.closest?.('a[href]')
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return
      if (window.confirm(LEAVE_MESSAGE)) return
      event.preventDefault()
      event.stopPropagation()
    }
    // Back/Forward inside the app: the Navigation API's navigate event comes before popstate and can be cancelled.
    const navigation = (window as unknown as { navigation?: EventTarget }).navigation
    const onNavigate = (event: Event) => {
      const nav = event as Event & { navigationType?: string }
      if (nav.navigationType !== 'traverse' || !event.cancelable) return
      if (!window.confirm(LEAVE_MESSAGE)) event.preventDefault()
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    navigation?.addEventListener('navigate', onNavigate)
    document.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      navigation?.removeEventListener('navigate', onNavigate)
      document.removeEventListener('click', onClick, true)
    }
  }, [dirty])
}
