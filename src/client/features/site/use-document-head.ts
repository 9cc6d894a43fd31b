import { useEffect } from 'react'
import type { PageHead } from './head.ts'

function setMeta(selector: string, attr: 'content' | 'href', value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value)
}

/** After a client-side navigation, keep the title, description and canonical in step (SSR wrote the first ones). */
export function useDocumentHead(head: PageHead | null) {
  const title = head?.title
  const description = head?.description
  const path = head?.path
  useEffect(() => {
    if (!title) return
    document.title = title
    if (description) {
      setMeta('meta[name="description"]', 'content', description)
      setMeta('meta[property="og:description"]', 'content', description)
    }
    setMeta('meta[property="og:title"]', 'content', title)
    if (path) {
      const url = new URL(path, window.location.origin).href
      setMeta('link[rel="canonical"]', 'href', url)
      setMeta('meta[property="og:url"]', 'content', url)
    }
  }, [title, description, path])
}
