import { useEffect, useRef } from 'react'

/**
 * The post body: safe HTML rendered on the server from the markdown (docs/decisions/005). A content image
 * that fails to load is hidden (spec §2); `error` does not bubble, so listen in the capture phase, and
 * check images that had already failed before hydration. Code blocks' "Copy" and headings' links copy their
 * text or URL with a module loaded on first use.
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
    const onClick = (event: MouseEvent) => {
      const target =
        event.target instanceof Element ? event.target.closest<HTMLElement>('.copy-code, .heading-anchor') : null
      if (target) void import('./copy-actions.ts').then((m) => m.copyFrom(target))
    }
    root.dataset.enhanced = ''
    root.addEventListener('error', onError, true)
    root.addEventListener('click', onClick)
    return () => {
      root.removeEventListener('error', onError, true)
      root.removeEventListener('click', onClick)
    }
  }, [html])

  // data-post-html: the browser takes the post's HTML from here instead of from the page's state block.
  return <div ref={ref} className="prose-blog" data-post-html="" dangerouslySetInnerHTML={{ __html: html }} />
}
