import { useEffect, useRef } from 'react'
import { isSafeUrl } from '#shared/schemas/common.ts'
import { useSearchParams } from '../../../lib/router.tsx'
import { toast } from '../../../lib/toast.tsx'
import { imageMarkdown, insertImage } from './markdown-actions.ts'

/** "Insert into post" from the media library arrives as ?insert=<url>&alt=<text>: added once, at the end, unsaved. */
export function useLibraryInsert(update: (apply: (content: string) => string) => void): void {
  const [params, setParams] = useSearchParams()
  const inserted = useRef(false)
  useEffect(() => {
    const url = params.get('insert')
    if (inserted.current || !url) return
    inserted.current = true
    if (isSafeUrl(url)) {
      update((content) => insertImage(content, content.length, imageMarkdown(params.get('alt') ?? '', url)).text)
      toast({ title: 'Image added at the end of the post', description: 'Save the post to keep it.' })
    }
    const next = new URLSearchParams(params)
    next.delete('insert')
    next.delete('alt')
    setParams(next)
  }, [params, setParams, update])
}
