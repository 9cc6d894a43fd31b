import { useEffect, useMemo, useState } from 'react'
import { renderMarkdown, type Highlighter } from '#shared/markdown/render.ts'

/** Typography for rendered markdown; preview images are capped at 400px high (spec §9). */
export const PROSE =
  'max-w-none break-words text-base leading-7 [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_img]:my-4 [&_img]:max-h-[400px] [&_img]:w-auto [&_img]:max-w-full [&_img]:rounded-md [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-50 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_ul]:list-disc [&_ul]:pl-6'

let highlighterPromise: Promise<Highlighter> | null = null
function loadHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= import('highlight.js/lib/common').then(({ default: hljs }) => (code: string, lang: string) =>
    hljs.getLanguage(lang) ? hljs.highlight(code, { language: lang, ignoreIllegals: true }).value : null,
  )
  return highlighterPromise
}

/** The reader site's renderer (safe HTML: raw HTML escaped, unsafe URLs dropped), so the preview matches the published post. */
export function MarkdownPreview({ content }: { content: string }) {
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
}
