import type { Heading } from '#shared/markdown/headings.ts'

/** Posts with fewer headings read fine without one. */
export const TOC_MIN_HEADINGS = 3

function TocList({ headings }: { headings: Heading[] }) {
  return (
    <ol className="space-y-1.5 text-sm">
      {headings.map((h) => (
        <li key={h.id} className={h.level === 3 ? 'pl-4' : undefined}>
          <a href={`#${h.id}`} className="text-muted-foreground hover:text-foreground hover:underline">
            {h.text}
          </a>
        </li>
      ))}
    </ol>
  )
}

/**
 * Server-rendered table of contents: a collapsed <details> above the post on phones, a sticky list beside it on
 * wide screens (each hidden by CSS where the other shows, so only one is ever in the accessibility tree).
 */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  if (headings.length < TOC_MIN_HEADINGS) return null
  return (
    <>
      <nav aria-label="Table of contents" className="mb-8 rounded-lg border bg-muted/40 xl:hidden">
        <details>
          <summary className="cursor-pointer px-4 py-3 text-sm font-semibold">On this page</summary>
          <div className="px-4 pb-4">
            <TocList headings={headings} />
          </div>
        </details>
      </nav>
      <div className="absolute inset-y-0 left-full ml-6 hidden w-52 xl:block">
        <nav aria-label="Table of contents" className="sticky top-24 max-h-[calc(100vh-8rem)] overflow-y-auto">
          <p className="mb-3 text-sm font-semibold">On this page</p>
          <TocList headings={headings} />
        </nav>
      </div>
    </>
  )
}
