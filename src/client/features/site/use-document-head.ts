import { useEffect } from 'react'
import { PAGE_FEED_ID, type PageHead } from '#shared/site/head.ts'

function setMeta(selector: string, attr: 'content' | 'href', value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value)
}

/** After a client-side navigation, keep the title, description and canonical in step (SSR wrote the first ones). */
export function useDocumentHead(head: PageHead | null) {
  const title = head?.title
  const description = head?.description
  const path = head?.path
  const feedTitle = head?.feed?.title
  const feedPath = head?.feed?.path
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
    // A category's or tag's own feed: added, moved or removed as the reader moves between listings.
    let feed = document.getElementById(PAGE_FEED_ID)
    if (!feedPath) {
      feed?.remove()
      return
    }
    if (!feed) {
      feed = Object.assign(document.createElement('link'), {
        id: PAGE_FEED_ID,
        rel: 'alternate',
        type: 'application/rss+xml',
      })
      document.head.append(feed)
    }
    feed.setAttribute('title', feedTitle ?? '')
    feed.setAttribute('href', new URL(feedPath, window.location.origin).href)
  }, [title, description, path, feedTitle, feedPath])
}
