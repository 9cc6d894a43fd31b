import { useEffect } from 'react'

/**
 * Contract §2: the post page sends one view beacon per page view (after hydration, or after a client-side
 * navigation to the post). The server decides what counts (once per visitor per 30 minutes, never admins).
 */
export function useViewBeacon(postId: string | undefined) {
  useEffect(() => {
    if (!postId) return
    fetch(`/api/posts/${encodeURIComponent(postId)}/view`, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
    }).catch(() => {
      // a lost view is not worth bothering the reader about
    })
  }, [postId])
}
