import { useEffect } from 'react'

// Only the page the reader landed on carries where they came from; views after a client-side navigation do not.
let landed = false

/**
 * Contract §2: the post page sends one view beacon per page view (after hydration, or after a client-side
 * navigation to the post). The server decides what counts (once per visitor per 30 minutes, never admins).
 */
export function useViewBeacon(postId: string | undefined) {
  useEffect(() => {
    if (!postId) return
    const body = landed ? {} : { referrer: document.referrer, landing: location.search }
    landed = true
    fetch(`/api/posts/${encodeURIComponent(postId)}/view`, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => {
      // a lost view is not worth bothering the reader about
    })
  }, [postId])
}
