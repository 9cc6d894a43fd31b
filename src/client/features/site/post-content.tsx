import { useEffect, useRef } from 'react'

/**
 * The post body: safe HTML rendered on the server from the markdown (docs/decisions/005). A content image
 * that fails to load is hidden (spec §2); `error` does not bubble, so listen in the capture phase, and
 * check images that had already failed before hydration.
 */
export function PostContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const root = ref.current
    if (!root) return
    const hide = (img: HTMLImageElement) => {
      img.style.display = 'none'
    }
    root.querySelectorAll('img').forEach((img) => {
      if (img.complete && img.naturalWidth === 0) hide(img)
    })
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) hide(event.target)
    }
    root.addEventListener('error', onError, true)
    return () => root.removeEventListener('error', onError, true)
  }, [html])

  return <div ref={ref} className="prose-blog" dangerouslySetInnerHTML={{ __html: html }} />
}
