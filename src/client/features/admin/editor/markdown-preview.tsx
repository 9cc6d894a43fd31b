import { memo, useEffect, useMemo, useState } from 'react'
import { renderMarkdown, type Highlighter } from '#shared/markdown/render.ts'

/** The reader site's post typography (prose-blog); preview images are capped at 400px high (spec §9). */
export const PROSE = 'prose-blog [&_img]:max-h-[400px] [&_img]:w-auto'

let highlighterPromise: Promise<Highlighter> | null = null
/** The site's own highlighter (the same languages as published posts), loaded once, when a preview first shows. */
export function loadHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= import('#shared/markdown/highlight.ts').then(({ highlight }) => highlight)
  return highlighterPromise
}

/** The reader site's renderer (safe HTML: raw HTML escaped, unsafe URLs dropped), so the preview matches the published post. */
export const MarkdownPreview = memo(function MarkdownPreview({ content }: { content: string }) {
  const [highlight, setHighlight] = useState<Highlighter | undefined>(undefined)
  useEffect(() => {
    let live = true
    void loadHighlighter().then((fn) => live && setHighlight(() => fn))
    return () => {
      live = false
    }
  }, [])
  const html = useMemo(() => renderMarkdown(content, { highlight }), [content, highlight])
  if (!content.trim()) return <p className="py-8 text-center text-muted-foreground">Nothing to preview yet.</p>
  return <div className={PROSE} data-testid="markdown-preview" dangerouslySetInnerHTML={{ __html: html }} />
})
