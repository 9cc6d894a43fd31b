import type { ReactNode } from 'react'

/**
 * Spec §2's line renderer for footer pages: blank lines and '---' are spacers, '# '..'### ' headings,
 * '- ' bullets, anything else a paragraph; **bold** stays bold in items and paragraphs and is dropped in
 * headings. React escapes every text node, so nothing typed here becomes markup.
 */
export function FooterPageContent({ content }: { content: string }) {
  const blocks: ReactNode[] = []
  let bullets: string[] = []
  const flush = () => {
    if (bullets.length === 0) return
    const items = bullets
    blocks.push(
      <ul key={`ul-${blocks.length}`} className="my-3 list-disc space-y-1.5 pl-6">
        {items.map((item, i) => (
          <li key={i}>{withBold(item)}</li>
        ))}
      </ul>,
    )
    bullets = []
  }

  content.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim()
    if (line.startsWith('- ')) {
      bullets.push(line.slice(2))
      return
    }
    flush()
    if (line === '' || line === '---') blocks.push(<div key={i} className="h-4" aria-hidden="true" />)
    else if (line.startsWith('### '))
      blocks.push(
        <h4 key={i} className="mt-3 mb-2 text-lg font-semibold">
          {stripBold(line.slice(4))}
        </h4>,
      )
    else if (line.startsWith('## '))
      blocks.push(
        <h3 key={i} className="mt-4 mb-2 text-xl font-semibold">
          {stripBold(line.slice(3))}
        </h3>,
      )
    else if (line.startsWith('# '))
      blocks.push(
        <h2 key={i} className="mt-6 mb-3 text-2xl font-bold">
          {stripBold(line.slice(2))}
        </h2>,
      )
    else
      blocks.push(
        <p key={i} className="my-2 leading-7">
          {withBold(line)}
        </p>,
      )
  })
  flush()
  return <div className="text-base text-foreground/90">{blocks}</div>
}

function stripBold(text: string): string {
  return text.replace(/\*\*/g, '')
}

function withBold(text: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*)/g)
    .map((part, i) =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : (
        part
      ),
    )
}
